/** Tenant settings (tenant admin only): binding params, phone modules, pay channels, SMS and mail, WeChat templates. */
import { Col, Row, Spin, Typography } from 'antd';
import { Page } from '@admin/components/page';
import { useT } from '@admin/lib/i18n/use-t';
import { useSettings } from '../api/get-settings';
import { ModulesCard } from '../components/modules-card';
import { ParamsForm } from '../components/params-form';
import { PayChannelCard } from '../components/pay-channel-card';
import { ProviderCard } from '../components/provider-card';
import { StorageCard } from '../components/storage-card';
import { WechatTemplatesCard } from '../components/wechat-templates-card';

export default function SettingsPage() {
  const { t } = useT();
  const settings = useSettings();
  const data = settings.data;
  return (
    <Page title={t('settings.heading')}>
      {!data ? (
        <Spin style={{ display: 'block', margin: '64px auto' }} aria-label={t('common.loading')} />
      ) : (
        <Row gutter={16} data-testid="settings">
          <Col xs={24} xl={12}>
            <ParamsForm settings={data} />
            <div style={{ height: 16 }} />
            <ModulesCard modules={data.mobileModules} />
            <StorageCard storage={data.storage} />
          </Col>
          <Col xs={24} xl={12}>
            <Typography.Title level={5}>{t('settings.payChannels')}</Typography.Title>
            {data.payChannels.map((channel) => (
              <PayChannelCard key={channel.channel} channel={channel} />
            ))}
            <Typography.Title level={5}>{t('settings.providers')}</Typography.Title>
            {data.providers.map((provider) => (
              <ProviderCard key={provider.kind} provider={provider} />
            ))}
            <WechatTemplatesCard templates={data.wechatTemplates} />
          </Col>
        </Row>
      )}
    </Page>
  );
}
