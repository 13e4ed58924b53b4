/** The binding and account params (spec §3): each as the phones understand it; only changed keys are sent. */
import type { SettingsParamKey, TenantSettings } from '@cf/shared/wire/admin-settings';
import { App, Button, Card, Checkbox, Form, Input, Select } from 'antd';
import type { TextKey } from '@admin/lib/i18n/i18n';
import { useT } from '@admin/lib/i18n/use-t';
import { useSaveParams } from '../api/save-params';

type Values = Record<SettingsParamKey, string | string[]>;

/** The values each param may take, with their text keys (validation.ts: bindSettingsFromParams). */
const CHOICES: Partial<Record<SettingsParamKey, [string, TextKey][]>> = {
  bind_studentNo: [
    ['1', 'settings.opt.both'],
    ['0', 'settings.opt.hideNo'],
    ['2', 'settings.opt.hideIdCard'],
  ],
  bind_employeeField: [
    ['1', 'settings.opt.empBoth'],
    ['0', 'settings.opt.empHideNo'],
    ['2', 'settings.opt.empHideIdCard'],
  ],
  bind_employeeRule: [
    ['0', 'settings.opt.codeOnly'],
    ['1', 'settings.opt.codePassword'],
  ],
  bind_registerEmail: [
    ['0', 'settings.opt.hidden'],
    ['1', 'settings.opt.optional'],
    ['2', 'settings.opt.required'],
  ],
  bind_registerPhone: [
    ['0', 'settings.opt.noSms'],
    ['1', 'settings.opt.sms'],
  ],
  account_registerPhone: [
    ['0', 'settings.opt.no'],
    ['1', 'settings.opt.yes'],
  ],
  account_disableUserCenter: [
    ['0', 'settings.opt.no'],
    ['1', 'settings.opt.yes'],
  ],
  invoice_term: [
    ['fiscal', 'settings.opt.termFiscal'],
    ['tax', 'settings.opt.termTax'],
  ],
};

/** What a phone assumes when a param is not stored (validation.ts); its keys are every param there is. */
const DEFAULTS: Record<SettingsParamKey, string> = {
  bind_userTypes: 'student,employee,other',
  bind_studentNo: '1',
  bind_studentNoAlias: '',
  bind_employeeField: '1',
  bind_employeeRule: '0',
  bind_registerEmail: '1',
  bind_registerPhone: '0',
  account_registerPhone: '0',
  account_disableUserCenter: '0',
  invoice_term: 'fiscal',
};

const SETTINGS_PARAM_KEYS = Object.keys(DEFAULTS) as SettingsParamKey[];
const USER_TYPES = ['student', 'employee', 'other'] as const;

export function ParamsForm({ settings }: { settings: TenantSettings }) {
  const { t } = useT();
  const { message } = App.useApp();
  const save = useSaveParams();
  const stored = Object.fromEntries(settings.params.map((p) => [p.paramKey, p.paramValue]));
  const current = Object.fromEntries(
    SETTINGS_PARAM_KEYS.map((key) => [key, stored[key] ?? DEFAULTS[key]]),
  ) as Record<SettingsParamKey, string>;
  const initial: Values = { ...current, bind_userTypes: current.bind_userTypes.split(',') };

  async function submit(values: Values) {
    const changes: Partial<Record<SettingsParamKey, string>> = {};
    for (const key of SETTINGS_PARAM_KEYS) {
      const raw = values[key];
      const value = Array.isArray(raw) ? USER_TYPES.filter((u) => raw.includes(u)).join(',') : (raw ?? '');
      if (value !== current[key]) changes[key] = value;
    }
    if (Object.keys(changes).length === 0) return void message.info(t('settings.noChange'));
    await save.mutateAsync(changes);
    void message.success(t('settings.saved'));
  }

  return (
    <Card title={t('settings.params')} data-testid="settings-params">
      <Form<Values>
        layout="vertical"
        initialValues={initial}
        onFinish={(values) => void submit(values).catch(() => undefined)}
      >
        <Form.Item
          name="bind_userTypes"
          label={t('settings.param.bind_userTypes')}
          rules={[{ required: true }]}
        >
          <Checkbox.Group
            options={USER_TYPES.map((u) => ({ value: u, label: t(`settings.userType.${u}`) }))}
          />
        </Form.Item>
        {SETTINGS_PARAM_KEYS.filter((key) => key !== 'bind_userTypes').map((key) => {
          const choices = CHOICES[key];
          return (
            <Form.Item key={key} name={key} label={t(`settings.param.${key}`)}>
              {choices ? (
                <Select options={choices.map(([value, label]) => ({ value, label: t(label) }))} />
              ) : (
                <Input maxLength={20} />
              )}
            </Form.Item>
          );
        })}
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('settings.save')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
