/**
 * The Alipay channel: on or off, its app id and seller id, the signing mode, the application private
 * key and Alipay's public key (public-key mode) or the three certificates (certificate mode), all
 * write-only. As for WeChat Pay, the server turns it on only when complete and after a test call.
 */
import type { AlipayKeyMode, PayChannelChange, PayChannelSettings } from '@cf/shared/wire/admin-settings';
import { PAY_METHOD_LABELS } from '@cf/shared/labels/pay';
import { Alert, App, Button, Card, Form, Input, Radio, Space, Switch, Tooltip } from 'antd';
import { useT } from '@admin/lib/i18n/use-t';
import { useLabel } from '@admin/lib/labels';
import { useCheckPayChannel, useSavePayChannel } from '../api/save-pay-channel';
import { SecretInput, SecretState } from './secret-input';

const KEY_FIELDS = {
  key: ['alipayPublicKeyPem'],
  cert: ['appCertPem', 'alipayPublicCertPem', 'alipayRootCertPem'],
} as const;
type AlipayKey = 'alipayPublicKeyPem' | 'appCertPem' | 'alipayPublicCertPem' | 'alipayRootCertPem';
const SECRETS = ['privateKeyPem', ...KEY_FIELDS.key, ...KEY_FIELDS.cert] as const;

interface Values {
  enabled: boolean;
  appId: string;
  sellerId: string;
  keyMode: AlipayKeyMode;
  privateKeyPem?: string;
  alipayPublicKeyPem?: string;
  appCertPem?: string;
  alipayPublicCertPem?: string;
  alipayRootCertPem?: string;
}

export function AlipayChannelCard({ channel }: { channel: PayChannelSettings }) {
  const { t, language } = useT();
  const label = useLabel();
  const { message } = App.useApp();
  const save = useSavePayChannel();
  const check = useCheckPayChannel();
  const [form] = Form.useForm<Values>();
  const alipay = channel.alipay;
  const keyMode = Form.useWatch('keyMode', form) ?? alipay?.keyMode ?? 'key';
  const incomplete = channel.missing.length > 0 && !channel.simulated;
  const missingNames = channel.missing
    .map((f) => t(f === 'privateKeyPem' ? 'settings.alipayPrivateKeyPem' : `settings.${f}`))
    .join(language === 'zh' ? '、' : ', ');

  async function test() {
    const answer = await check.mutateAsync(channel.channel);
    void message.success(t(answer.simulated ? 'settings.checkOkSimulated' : 'settings.checkOk'));
  }

  async function submit(values: Values) {
    const change: PayChannelChange = {
      enabled: values.enabled,
      appId: values.appId.trim(),
      sellerId: values.sellerId.trim(),
      keyMode: values.keyMode,
    };
    for (const key of SECRETS) {
      const typed = values[key]?.trim();
      if (typed) change[key] = typed;
    }
    await save.mutateAsync({ channel: channel.channel, change });
    form.resetFields([...SECRETS]);
    void message.success(t('settings.saved'));
  }

  const keyState = (key: AlipayKey) => alipay?.[key] ?? { set: false };

  return (
    <Card
      title={label(PAY_METHOD_LABELS, channel.channel)}
      data-testid="settings-channel-alipay"
      style={{ marginBottom: 16 }}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{
          enabled: channel.enabled,
          appId: channel.appId,
          sellerId: alipay?.sellerId ?? '',
          keyMode: alipay?.keyMode ?? 'key',
        }}
        onFinish={(values) => void submit(values).catch(() => undefined)}
      >
        {channel.simulated && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('settings.simulatedAlipay')}
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
          extra={t('settings.enableChecks')}
        >
          <Switch
            disabled={incomplete && !channel.enabled}
            title={incomplete ? t('settings.enableNeedsComplete') : undefined}
            data-testid="channel-enabled"
          />
        </Form.Item>
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
        <Form.Item
          label={t('settings.alipayPrivateKeyPem')}
          extra={<SecretState state={channel.privateKeyPem} />}
        >
          <Form.Item name="privateKeyPem" noStyle>
            <SecretInput multiline />
          </Form.Item>
        </Form.Item>
        {KEY_FIELDS[keyMode].map((key) => (
          <Form.Item key={key} label={t(`settings.${key}`)} extra={<SecretState state={keyState(key)} />}>
            <Form.Item name={key} noStyle>
              <SecretInput multiline />
            </Form.Item>
          </Form.Item>
        ))}
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
