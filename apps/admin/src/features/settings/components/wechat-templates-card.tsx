/** The official account's template id of each kind of message to a person (issue 28); empty: by SMS. */
import { NOTIFY_KINDS, type NotifyKind } from '@cf/shared/notify';
import type { WechatTemplates } from '@cf/shared/wire/admin-settings';
import { App, Button, Card, Form, Input } from 'antd';
import { useT } from '@admin/lib/i18n/use-t';
import { useSaveWechatTemplates } from '../api/save-wechat-templates';

type Values = Record<NotifyKind, string>;

export function WechatTemplatesCard({ templates }: { templates: WechatTemplates | undefined }) {
  const { t } = useT();
  const { message } = App.useApp();
  const save = useSaveWechatTemplates();
  const initial = Object.fromEntries(NOTIFY_KINDS.map((k) => [k, templates?.[k] ?? ''])) as Values;

  async function submit(values: Values) {
    const change = Object.fromEntries(NOTIFY_KINDS.map((k) => [k, (values[k] ?? '').trim()])) as Values;
    await save.mutateAsync({ templates: change });
    void message.success(t('settings.saved'));
  }

  return (
    <Card
      title={t('settings.wechatTemplates')}
      data-testid="settings-wechat-templates"
      style={{ marginBottom: 16 }}
    >
      <p style={{ marginTop: 0, color: '#666' }}>{t('settings.wechatTemplatesHint')}</p>
      <Form<Values>
        layout="vertical"
        initialValues={initial}
        onFinish={(values) => void submit(values).catch(() => undefined)}
      >
        {NOTIFY_KINDS.map((kind) => (
          <Form.Item
            key={kind}
            name={kind}
            label={t(`settings.template.${kind}`)}
            rules={[{ pattern: /^[A-Za-z0-9_-]*$/ }]}
          >
            <Input maxLength={64} />
          </Form.Item>
        ))}
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('settings.save')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
