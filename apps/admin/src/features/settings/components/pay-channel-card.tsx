/**
 * One pay channel: on or off, its ids, and its merchant keys (sent when typed, never shown back).
 * What is missing is said above the form; the switch waits until the settings are complete (or the demo's
 * stand-in answers for them), and the server turns a channel on only after a test call (issue 25 item 5).
 * The card is the same for every channel; what differs (WeChat Pay's modes and keys, Alipay's seller id,
 * key mode and certificates, nothing for the sandbox) is each channel's entry of FORMS.
 */
import type { PayChannelChange, PayChannelSettings } from '@cf/shared/wire/admin-settings';
import { PAY_METHOD_LABELS } from '@cf/shared/labels/pay';
import {
  Alert,
  App,
  Button,
  Card,
  Form,
  Input,
  Radio,
  Space,
  Switch,
  Tooltip,
  type FormInstance,
} from 'antd';
import type { ReactNode } from 'react';
import type { TextKey } from '@admin/lib/i18n/i18n';
import { useT } from '@admin/lib/i18n/use-t';
import { useLabel } from '@admin/lib/labels';
import { useCheckPayChannel, useSavePayChannel } from '../api/save-pay-channel';
import { SecretInput, SecretState } from './secret-input';

/** The form's values: every channel's fields (each channel shows and sends its own). */
type Values = Required<Pick<PayChannelChange, 'enabled'>> & Omit<PayChannelChange, 'enabled'>;
type Secret =
  | 'mchId'
  | 'serialNo'
  | 'privateKeyPem'
  | 'apiV3Key'
  | 'alipayPublicKeyPem'
  | 'appCertPem'
  | 'alipayPublicCertPem'
  | 'alipayRootCertPem';

interface FieldsProps {
  channel: PayChannelSettings;
  incomplete: boolean;
  form: FormInstance<Values>;
  t: ReturnType<typeof useT>['t'];
}

interface ChannelForm {
  /** The note shown when the deployment's stand-in answers for the merchant account. */
  simulated: TextKey;
  /** Whether turning it on makes a test call first (said under the switch). */
  checksOnEnable: boolean;
  secrets: readonly Secret[];
  /** The i18n key naming a missing field. */
  fieldKey: (field: string) => TextKey;
  initial: (channel: PayChannelSettings) => Partial<Values>;
  /** The change's plain (not secret) fields. */
  change: (values: Values) => Partial<PayChannelChange>;
  Fields?: (props: FieldsProps) => ReactNode;
}

/** A write-only key: its state (set or not) under the label, the typed value sent once. */
function SecretItem({
  name,
  label,
  state,
  multiline,
}: {
  name: Secret;
  label: string;
  state: PayChannelSettings['mchId'];
  multiline: boolean;
}) {
  return (
    <Form.Item label={label} extra={<SecretState state={state} />}>
      <Form.Item name={name} noStyle>
        <SecretInput multiline={multiline} />
      </Form.Item>
    </Form.Item>
  );
}

/** WeChat Pay's modes beside JSAPI, each with the hint of what WeChat needs first. */
const WECHAT_MODES = [
  { field: 'h5Enabled', hint: 'settings.h5Hint' },
  { field: 'nativeEnabled', hint: 'settings.nativeHint' },
] as const;
const WECHAT_SECRETS = ['mchId', 'serialNo', 'privateKeyPem', 'apiV3Key'] as const;

function WechatFields({ channel, incomplete, t }: FieldsProps) {
  return (
    <>
      {WECHAT_MODES.map(({ field, hint }) => (
        <Form.Item
          key={field}
          name={field}
          label={t(`settings.${field}`)}
          valuePropName="checked"
          extra={t(hint)}
        >
          <Switch
            disabled={incomplete && !channel[field]}
            title={incomplete ? t('settings.enableNeedsComplete') : undefined}
            data-testid={`channel-${field}`}
          />
        </Form.Item>
      ))}
      <Form.Item name="appId" label={t('settings.appId')}>
        <Input maxLength={64} />
      </Form.Item>
      {WECHAT_SECRETS.map((key) => (
        <SecretItem
          key={key}
          name={key}
          label={t(`settings.${key}`)}
          state={channel[key]}
          multiline={key === 'privateKeyPem'}
        />
      ))}
    </>
  );
}

/** Alipay's keys by signing mode: Alipay's public key, or the three certificates. */
const ALIPAY_KEYS = {
  key: ['alipayPublicKeyPem'],
  cert: ['appCertPem', 'alipayPublicCertPem', 'alipayRootCertPem'],
} as const;

function AlipayFields({ channel, form, t }: FieldsProps) {
  const alipay = channel.alipay;
  const keyMode = Form.useWatch('keyMode', form) ?? alipay?.keyMode ?? 'key';
  return (
    <>
      <Form.Item name="appId" label={t('settings.alipayAppId')}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="sellerId" label={t('settings.sellerId')} extra={t('settings.sellerIdHint')}>
        <Input maxLength={16} />
      </Form.Item>
      <Form.Item name="keyMode" label={t('settings.keyMode')}>
        <Radio.Group
          options={(['key', 'cert'] as const).map((mode) => ({
            value: mode,
            label: t(`settings.keyMode.${mode}`),
          }))}
        />
      </Form.Item>
      <SecretItem
        name="privateKeyPem"
        label={t('settings.alipayPrivateKeyPem')}
        state={channel.privateKeyPem}
        multiline
      />
      {ALIPAY_KEYS[keyMode].map((key) => (
        <SecretItem
          key={key}
          name={key}
          label={t(`settings.${key}`)}
          state={alipay?.[key] ?? { set: false }}
          multiline
        />
      ))}
    </>
  );
}

const FORMS: Record<PayChannelSettings['channel'], ChannelForm> = {
  wechat: {
    simulated: 'settings.simulatedWechat',
    checksOnEnable: true,
    secrets: WECHAT_SECRETS,
    fieldKey: (f) => `settings.${f}` as TextKey,
    initial: (c) => ({ appId: c.appId, h5Enabled: c.h5Enabled, nativeEnabled: c.nativeEnabled }),
    change: (v) => ({ appId: v.appId?.trim(), h5Enabled: v.h5Enabled, nativeEnabled: v.nativeEnabled }),
    Fields: WechatFields,
  },
  alipay: {
    simulated: 'settings.simulatedAlipay',
    checksOnEnable: true,
    secrets: ['privateKeyPem', ...ALIPAY_KEYS.key, ...ALIPAY_KEYS.cert],
    fieldKey: (f) => (f === 'privateKeyPem' ? 'settings.alipayPrivateKeyPem' : (`settings.${f}` as TextKey)),
    initial: (c) => ({
      appId: c.appId,
      sellerId: c.alipay?.sellerId ?? '',
      keyMode: c.alipay?.keyMode ?? 'key',
    }),
    change: (v) => ({ appId: v.appId?.trim(), sellerId: v.sellerId?.trim(), keyMode: v.keyMode }),
    Fields: AlipayFields,
  },
  sandbox: {
    simulated: 'settings.simulatedSandbox',
    checksOnEnable: false,
    secrets: [],
    fieldKey: (f) => `settings.${f}` as TextKey,
    initial: () => ({}),
    change: () => ({}),
  },
};

export function PayChannelCard({ channel }: { channel: PayChannelSettings }) {
  const { t, language } = useT();
  const label = useLabel();
  const { message } = App.useApp();
  const save = useSavePayChannel();
  const check = useCheckPayChannel();
  const [form] = Form.useForm<Values>();
  const spec = FORMS[channel.channel];
  const incomplete = channel.missing.length > 0 && !channel.simulated;
  const missingNames = channel.missing.map((f) => t(spec.fieldKey(f))).join(language === 'zh' ? '、' : ', ');

  async function test() {
    const answer = await check.mutateAsync(channel.channel);
    void message.success(t(answer.simulated ? 'settings.checkOkSimulated' : 'settings.checkOk'));
  }

  async function submit(values: Values) {
    const change: PayChannelChange = { enabled: values.enabled, ...spec.change(values) };
    for (const key of spec.secrets) {
      const typed = values[key]?.trim();
      if (typed) change[key] = typed;
    }
    await save.mutateAsync({ channel: channel.channel, change });
    form.resetFields([...spec.secrets]);
    void message.success(t('settings.saved'));
  }

  const Fields = spec.Fields;
  return (
    <Card
      title={label(PAY_METHOD_LABELS, channel.channel)}
      data-testid={`settings-channel-${channel.channel}`}
      style={{ marginBottom: 16 }}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ enabled: channel.enabled, ...spec.initial(channel) }}
        onFinish={(values) => void submit(values).catch(() => undefined)}
      >
        {channel.simulated && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title={t(spec.simulated)}
            data-testid="channel-simulated"
          />
        )}
        {incomplete && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('settings.missing', { fields: missingNames })}
            data-testid="channel-missing"
          />
        )}
        <Form.Item
          name="enabled"
          label={t('settings.enabled')}
          valuePropName="checked"
          extra={spec.checksOnEnable ? t('settings.enableChecks') : undefined}
        >
          <Switch
            disabled={incomplete && !channel.enabled}
            title={incomplete ? t('settings.enableNeedsComplete') : undefined}
            data-testid="channel-enabled"
          />
        </Form.Item>
        {Fields ? <Fields channel={channel} incomplete={incomplete} form={form} t={t} /> : null}
        <Form.Item>
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('settings.save')}
            </Button>
            <Tooltip title={incomplete ? t('settings.enableNeedsComplete') : undefined}>
              <Button
                onClick={() => void test().catch(() => undefined)}
                loading={check.isPending}
                disabled={incomplete}
                data-testid="channel-check"
              >
                {t('settings.check')}
              </Button>
            </Tooltip>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}
