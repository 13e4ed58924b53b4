/** The disk the school's files take: payers' evidence against its quota, and notice attachments. */
import type { StorageUse } from '@cf/shared/wire/admin-settings';
import { Card, Descriptions, Progress, Typography } from 'antd';
import { useT } from '@admin/lib/i18n/use-t';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** 1,536 -> "1.5 KB": one decimal below 10 of a unit, none above. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = unit === 0 || value >= 10 ? Math.round(value).toString() : value.toFixed(1);
  return `${shown} ${UNITS[unit]}`;
}

export function StorageCard({ storage }: { storage: StorageUse }) {
  const { t } = useT();
  const percent = Math.min(100, Math.round((storage.evidenceBytes / storage.evidenceMaxBytes) * 1000) / 10);
  return (
    <Card title={t('settings.storage')} data-testid="settings-storage" style={{ marginBottom: 16 }}>
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('settings.storageEvidence')}>
          <div style={{ width: '100%' }}>
            <span data-testid="storage-evidence">
              {t('settings.storageEvidenceUse', {
                used: formatBytes(storage.evidenceBytes),
                max: formatBytes(storage.evidenceMaxBytes),
                files: storage.evidenceFiles,
              })}
            </span>
            <Progress
              percent={percent}
              size="small"
              status={percent >= 90 ? 'exception' : 'normal'}
              aria-label={t('settings.storageEvidence')}
            />
          </div>
        </Descriptions.Item>
        <Descriptions.Item label={t('settings.storageAttachments')}>
          <span data-testid="storage-attachments">
            {t('settings.storageAttachmentsUse', {
              used: formatBytes(storage.attachmentBytes),
              files: storage.attachmentFiles,
            })}
          </span>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Text type="secondary">
        {t('settings.storageNote', { days: storage.evidenceKeepDays })}
      </Typography.Text>
    </Card>
  );
}
