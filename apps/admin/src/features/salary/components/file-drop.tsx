/** One CSV or XLSX file chosen for loading (kept in the page until sent; at most 10 MB, as the server allows). */
import { InboxOutlined } from '@ant-design/icons';
import { App, Upload } from 'antd';
import { useT } from '@admin/lib/i18n/use-t';

const MAX_BYTES = 10 * 1024 * 1024;

export function FileDrop({
  file,
  onFile,
  testId,
}: {
  file: File | undefined;
  onFile: (f: File) => void;
  testId: string;
}) {
  const { t } = useT();
  const { message } = App.useApp();
  return (
    <div data-testid={testId}>
      <Upload.Dragger
        accept=".csv,.xlsx"
        multiple={false}
        showUploadList={false}
        beforeUpload={(chosen) => {
          if (chosen.size > MAX_BYTES) void message.error(t('salary.fileTooLarge'));
          else if (!/\.(csv|xlsx)$/i.test(chosen.name)) void message.error(t('salary.fileType'));
          else onFile(chosen);
          // Kept here, sent when asked (check or store), never by the upload control itself.
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text" data-user-data={file ? true : undefined}>
          {file ? file.name : t('salary.dropHint')}
        </p>
        <p className="ant-upload-hint">{t('salary.dropLimits')}</p>
      </Upload.Dragger>
    </div>
  );
}
