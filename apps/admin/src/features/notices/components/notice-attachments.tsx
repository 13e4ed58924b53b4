/** A notice's files: upload (10 MB, the server's list of types), download with the office's header, delete. */
import { DeleteOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { AdminNotice } from '@cf/shared/wire/notice';
import { App, Button, List, Popconfirm, Typography, Upload } from 'antd';
import { useT } from '@admin/lib/i18n/use-t';
import { useDeleteAttachment } from '../api/delete-attachment';
import { downloadAttachment } from '../api/download-attachment';
import { useUploadAttachment } from '../api/upload-attachment';

const MAX_BYTES = 10 * 1024 * 1024;
const ACCEPT = '.pdf,.png,.jpg,.jpeg,.gif,.doc,.xls,.docx,.xlsx,.pptx,.zip,.txt,.csv';

const size = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

async function saveAs(noticeId: number, file: { id: number; name: string }) {
  const blob = await downloadAttachment(noticeId, file.id);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function NoticeAttachments({
  noticeId,
  files,
  readOnly,
  saveDraft,
}: {
  /** Undefined until the draft is saved: files attach to a stored notice. */
  noticeId: number | undefined;
  files: AdminNotice['attachments'];
  readOnly: boolean;
  /** Saves a new notice as a draft (the form checked first) so a file can attach at once; its id. */
  saveDraft: () => Promise<number | undefined>;
}) {
  const { t } = useT();
  const { message } = App.useApp();
  const upload = useUploadAttachment();
  const remove = useDeleteAttachment();
  return (
    <div data-testid="notice-attachments">
      <Upload
        accept={ACCEPT}
        showUploadList={false}
        disabled={readOnly}
        beforeUpload={(file) => {
          if (file.size > MAX_BYTES) {
            void message.error(t('notices.files.tooLarge'));
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={async ({ file, onSuccess, onError }) => {
          // A new notice is saved as a draft first (issue 25 item 8): the clerk attaches at once.
          const id = noticeId ?? (await saveDraft().catch(() => undefined));
          if (id === undefined) {
            void message.warning(t('notices.files.fillFirst'));
            onError?.(new Error('not saved'));
            return;
          }
          upload.mutate(
            { noticeId: id, file: file as File },
            {
              onSuccess: (data) => {
                void message.success(t('notices.files.uploaded', { name: data.name }));
                onSuccess?.(data);
              },
              onError: (error) => onError?.(error),
            },
          );
        }}
      >
        <Button
          icon={<UploadOutlined />}
          loading={upload.isPending}
          disabled={readOnly}
          data-testid="notice-attach"
        >
          {t('notices.files.upload')}
        </Button>
      </Upload>
      <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
        {noticeId === undefined ? t('notices.files.savesDraft') : t('notices.files.limits')}
      </Typography.Text>
      <List
        size="small"
        style={{ marginTop: 8 }}
        dataSource={files}
        locale={{ emptyText: t('notices.files.none') }}
        renderItem={(file) => (
          <List.Item
            data-testid="notice-attachment-row"
            actions={[
              <Button
                key="download"
                type="link"
                size="small"
                icon={<DownloadOutlined />}
                onClick={() =>
                  void saveAs(noticeId!, file).catch(() => message.error(t('notices.files.downloadFailed')))
                }
              >
                {t('notices.files.download')}
              </Button>,
              <Popconfirm
                key="delete"
                title={t('notices.files.deleteConfirm', { name: file.name })}
                okText={t('common.confirm')}
                cancelText={t('common.cancel')}
                disabled={readOnly}
                onConfirm={() => remove.mutateAsync({ noticeId: noticeId!, id: file.id })}
              >
                <Button type="link" size="small" danger icon={<DeleteOutlined />} disabled={readOnly}>
                  {t('notices.files.delete')}
                </Button>
              </Popconfirm>,
            ]}
          >
            <span data-user-data>{file.name}</span>
            <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
              {size(file.size)}
            </Typography.Text>
          </List.Item>
        )}
      />
    </div>
  );
}
