/** The mobile modules the phones show: the whole list, each by its name (the code is what is saved). */
import { MODULE_LABELS } from '@cf/shared/labels/modules';
import { labelOptions } from '@cf/shared/labels/label';
import { App, Button, Card, Flex, Select } from 'antd';
import { useState } from 'react';
import { useT } from '@admin/lib/i18n/use-t';
import { useSaveModules } from '../api/save-modules';

export function ModulesCard({ modules }: { modules: string[] }) {
  const { t, language } = useT();
  const { message } = App.useApp();
  const save = useSaveModules();
  const [value, setValue] = useState(modules);
  return (
    <Card title={t('settings.modules')} data-testid="settings-modules" style={{ marginBottom: 16 }}>
      <Flex gap={12} align="center">
        <Select
          mode="tags"
          value={value}
          onChange={setValue}
          placeholder={t('settings.modulesHint')}
          aria-label={t('settings.modules')}
          style={{ flex: 1 }}
          tokenSeparators={[',', ' ']}
          options={labelOptions(MODULE_LABELS, language)}
          optionFilterProp="label"
          data-testid="settings-modules-select"
        />
        <Button
          type="primary"
          loading={save.isPending}
          onClick={() =>
            void save
              .mutateAsync(value)
              .then(() => message.success(t('settings.saved')))
              .catch(() => undefined)
          }
        >
          {t('settings.save')}
        </Button>
      </Flex>
    </Card>
  );
}
