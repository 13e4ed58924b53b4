/**
 * The files the payer uploaded with an other-means payment, for the clerk to check before approving:
 * images as thumbnails that open large (antd's preview, one group so the clerk can page through
 * them), PDFs as links that download. Each file is fetched with the office's header
 * (../api/get-bill-evidence.ts).
 */
import { FilePdfOutlined, WarningOutlined } from '@ant-design/icons';
import { Button, Flex, Image, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useT } from '@admin/lib/i18n/use-t';
import { saveBillEvidence, useBillEvidenceImage } from '../api/get-bill-evidence';
import type { AdminBill } from '../api/get-bills';

type EvidenceFile = AdminBill['evidence'][number];

const THUMBNAIL = 96;

function EvidenceImage({ billId, file }: { billId: number; file: EvidenceFile }) {
  const { t } = useT();
  const image = useBillEvidenceImage(billId, file.id);
  if (image.isPending) return <Skeleton.Image active style={{ width: THUMBNAIL, height: THUMBNAIL }} />;
  if (image.isError)
    return (
      <Flex
        vertical
        align="center"
        justify="center"
        style={{ width: THUMBNAIL, height: THUMBNAIL, background: '#fafafa' }}
        data-testid="bill-evidence-failed"
      >
        <WarningOutlined />
        <Typography.Text type="secondary" style={{ fontSize: 12, textAlign: 'center' }}>
          {t('bills.fileFailed')}
        </Typography.Text>
      </Flex>
    );
  return (
    <Image
      src={image.data}
      alt={file.name}
      width={THUMBNAIL}
      height={THUMBNAIL}
      style={{ objectFit: 'cover', borderRadius: 4 }}
      data-testid="bill-evidence-image"
    />
  );
}

function EvidencePdf({ billId, file }: { billId: number; file: EvidenceFile }) {
  const { t } = useT();
  const [saving, setSaving] = useState(false);
  return (
    <Button
      type="link"
      icon={<FilePdfOutlined />}
      loading={saving}
      title={t('bills.downloadPdf')}
      onClick={() => {
        setSaving(true);
        void saveBillEvidence(billId, file.id, file.downloadName)
          .catch(() => undefined)
          .finally(() => setSaving(false));
      }}
      data-testid="bill-evidence-pdf"
    >
      <span data-user-data>{file.name}</span>
    </Button>
  );
}

export function BillEvidenceFiles({ bill }: { bill: AdminBill }) {
  const { t } = useT();
  if (bill.evidence.length === 0)
    return <Typography.Text type="secondary">{t('bills.noFiles')}</Typography.Text>;
  const images = bill.evidence.filter((file) => file.mimeType !== 'application/pdf');
  const pdfs = bill.evidence.filter((file) => file.mimeType === 'application/pdf');
  return (
    <Flex vertical gap={8} data-testid="bill-evidence-files">
      <Typography.Text type="secondary">{t('bills.filesHint')}</Typography.Text>
      {images.length > 0 && (
        <Image.PreviewGroup>
          <Flex wrap gap={8}>
            {images.map((file) => (
              <EvidenceImage key={file.id} billId={bill.id} file={file} />
            ))}
          </Flex>
        </Image.PreviewGroup>
      )}
      {pdfs.map((file) => (
        <div key={file.id}>
          <EvidencePdf billId={bill.id} file={file} />
        </div>
      ))}
    </Flex>
  );
}
