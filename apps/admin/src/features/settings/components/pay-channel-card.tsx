/**
 * One pay channel: on or off, its app id, and its merchant keys (sent when typed, never shown back).
 * What is missing is said above the form; the switch waits until the settings are complete (or the demo's
 * stand-in answers for them), and the server turns a channel on only after a test call (issue 25 item 5).
 */
import type { PayChannelChange, PayChannelSettings } from '@cf/shared/wire/admin-settings';
import { PAY_METHOD_LABELS } from '@cf/shared/labels/pay';
import { Alert, App, Button, Card, Form, Input, Space, Switch, Tooltip } from 'antd';
import { useT } from '@admin/lib/i18n/use-t';
import { useLabel } from '@admin/lib/labels';
import { useCheckPayChannel, useSavePayChannel } from '../api/save-pay-channel';
import { SecretInput, SecretState } from './secret-input';

const SECRETS = ['mchId', 'serialNo', 'privateKeyPem', 'apiV3Key'] as const;

/** WeChat Pay's modes beside JSAPI, each with the hint of what WeChat needs first. */
const MODES = [
  { field: 'h5Enabled', hint: 'settings.h5Hint' },
  { field: 'nativeEnabled', hint: 'settings.nativeHint' },
] as const;

interface Values {
  enabled: boolean;
  h5Enabled: boolean;
  nativeEnabled: boolean;
  appId: string;
  mchId?: string;
  serialNo?: string;
  privateKeyPem?: string;
  apiV3Key?: string;
}

export function PayChannelCard({ channel }: { channel: PayChannelSettings }) {
  const { t, language } = useT();
  const label = useLabel();
  const { message } = App.useApp();
  const save = useSavePayChannel();
  const check = useCheckPayChannel();
  const [form] = Form.useForm<Values>();
  const wechat = channel.channel === 'wechat';
  const incomplete = channel.missing.length > 0 && !channel.simulated;
  const missingNames = channel.missing.map((f) => t(`settings.${f}`)).join(language === 'zh' ? '、' : ', ');

  async function test() {
    const answer = await check.mutateAsync(channel.channel);
    void message.success(t(answer.simulated ? 'settings.checkOkSimulated' : 'settings.checkOk'));
  }

  async function submit(values: Values) {
    const change: PayChannelChange = { enabled: values.enabled };
    if (wechat) {
      change.appId = values.appId.trim();
      change.h5Enabled = values.h5Enabled;
      change.nativeEnabled = values.nativeEnabled;
      for (const key of SECRETS) {
        const typed = values[key]?.trim();
        if (typed) change[key] = typed;
      }
    }
    await save.mutateAsync({ channel: channel.channel, change });
    form.resetFields([...SECRETS]);
    void message.success(t('settings.saved'));
  }

  return (
    <Card
      title={label(PAY_METHOD_LABELS, channel.channel)}
      data-testid={`settings-channel-${channel.channel}`}
      style={{ marginBottom: 16 }}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{
          enabled: channel.enabled,
          appId: channel.appId,
          h5Enabled: channel.h5Enabled,
          nativeEnabled: channel.nativeEnabled,
        }}
        onFinish={(values) => void submit(values).catch(() => undefined)}
      >
        {channel.simulated && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title={t(wechat ? 'settings.simulatedWechat' : 'settings.simulatedSandbox')}
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
          extra={wechat ? t('settings.enableChecks') : undefined}
        >
          <Switch
            disabled={incomplete && !channel.enabled}
            title={incomplete ? t('settings.enableNeedsComplete') : undefined}
            data-testid="channel-enabled"
          />
        </Form.Item>
        {wechat &&
          MODES.map(({ field, hint }) => (
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
        {wechat && (
          <>
            <Form.Item name="appId" label={t('settings.appId')}>
              <Input maxLength={64} />
            </Form.Item>
            {SECRETS.map((key) => (
              <Form.Item key={key} label={t(`settings.${key}`)} extra={<SecretState state={channel[key]} />}>
                <Form.Item name={key} noStyle>
                  <SecretInput multiline={key === 'privateKeyPem'} />
                </Form.Item>
              </Form.Item>
            ))}
          </>
        )}
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
