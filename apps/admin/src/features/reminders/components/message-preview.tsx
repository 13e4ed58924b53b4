/** One person's reminder as it would arrive: the WeChat template message and the SMS text, side by side. */
import { formatYuan } from '@cf/shared/money';
import type { ReminderPreview } from '@cf/shared/wire/admin-reminders';
import { Alert, Card, Col, Descriptions, Row } from 'antd';
import type { TextKey } from '@admin/lib/i18n/i18n';
import { useT } from '@admin/lib/i18n/use-t';

export function MessagePreview({ preview }: { preview: ReminderPreview }) {
  const { t } = useT();
  return (
    <div data-testid="reminder-preview">
      <p style={{ marginTop: 0 }}>
        {t('reminders.previewOf')} <span data-user-data>{`${preview.personName} (${preview.personNo})`}</span>
        {' · '}
        {t('reminders.previewOwing', { amount: formatYuan(preview.owedFen) })}
      </p>
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('reminders.wechat')} data-testid="reminder-preview-wechat">
            {preview.wechat.templateId ? (
              <p style={{ marginTop: 0, color: '#888' }}>
                {t('reminders.templateId', { id: preview.wechat.templateId })}
              </p>
            ) : (
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 12 }}
                title={t('reminders.wechatNoTemplate')}
              />
            )}
            <Descriptions
              size="small"
              column={1}
              bordered
              title={<span data-user-data>{preview.wechat.title}</span>}
              items={preview.wechat.fields.map((field) => ({
                key: field.key,
                label: t(`reminders.field.${field.key}` as TextKey),
                children: <span data-user-data>{field.value}</span>,
              }))}
            />
            <p style={{ marginBottom: 0, overflowWrap: 'anywhere' }}>
              {t('reminders.link')}
              <span data-user-data>{preview.wechat.url}</span>
            </p>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('reminders.sms')} data-testid="reminder-preview-sms">
            <p style={{ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-user-data>
              {preview.sms}
            </p>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
