/**
 * Bulk import (issue 15): pick what to import, download its template, upload the file; the server
 * checks every row, then shows the dry-run report — counts (of the rows without problems) and every
 * problem as row, column, value, message, also as XLSX — and the import button, enabled only when
 * there is no problem. The commit is all or nothing; its result shows here. The progress bar is the
 * server's: the job is polled while it runs, for its phase (reading, checking, storing) and rows done.
 */
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { IMPORT_KINDS, type ImportKind } from '@cf/shared/import-kinds';
import { IMPORT_KIND_LABELS } from '@cf/shared/labels/people';
import type { ImportJob } from '@cf/shared/wire/admin-imports';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Flex,
  Form,
  Input,
  Progress,
  Select,
  Space,
  Statistic,
  Table,
  Typography,
  Upload,
} from 'antd';
import { useState } from 'react';
import { Page } from '@admin/components/page';
import { useT } from '@admin/lib/i18n/use-t';
import { useLabel } from '@admin/lib/labels';
import { useCommitImport } from '@admin/features/imports/api/commit-import';
import { downloadReport } from '@admin/features/imports/api/download-report';
import { downloadTemplate } from '@admin/features/imports/api/download-template';
import { isRunning, useImportJob } from '@admin/features/imports/api/get-import-job';
import { useUploadImport } from '@admin/features/imports/api/upload-import';

type Problem = ImportJob['errors'][number];

function JobStatus({ job }: { job: ImportJob }) {
  const { t } = useT();
  const counts = { created: job.created, updated: job.updated, unchanged: job.unchanged };
  if (job.status === 'failed')
    return (
      <Alert type="error" showIcon message={t('imports.status.failed', { reason: job.failure ?? '' })} />
    );
  if (job.status === 'committed')
    return (
      <Alert
        type="success"
        showIcon
        data-testid="import-result"
        message={t('imports.status.committed', counts)}
      />
    );
  if (job.status === 'checked' && job.errorCount > 0)
    return (
      <Alert
        type="warning"
        showIcon
        data-testid="import-result"
        message={t('imports.status.checkedWithErrors', { count: job.errorCount })}
        description={
          <>
            {t('imports.commitHint')}
            <br />
            {t('imports.countsOfGoodRows')}
          </>
        }
      />
    );
  if (job.status === 'checked')
    return (
      <Alert type="info" showIcon data-testid="import-result" message={t('imports.status.checked', counts)} />
    );
  return <Alert type="info" showIcon message={t(`imports.status.${job.status}`)} />;
}

function Report({ job }: { job: ImportJob }) {
  const { t } = useT();
  const commit = useCommitImport();
  const running = isRunning(job);
  const percent = job.total > 0 ? Math.round((job.done / job.total) * 100) : 0;
  return (
    <Card title={t('imports.report')} data-testid="import-report">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <div>
          <Typography.Text type="secondary" data-testid="import-phase">
            {t(`imports.phase.${job.phase}`)}
            {running && job.total > 0 && (
              <>
                {' · '}
                {t('imports.progressRows', {
                  done: job.done.toLocaleString(),
                  total: job.total.toLocaleString(),
                })}
              </>
            )}
          </Typography.Text>
          <Progress
            percent={running ? percent : 100}
            status={running ? 'active' : job.status === 'failed' ? 'exception' : 'normal'}
            data-testid="import-progress"
          />
        </div>
        <JobStatus job={job} />
        <Flex gap={32} wrap>
          <Statistic title={t('imports.rows')} value={job.rows} />
          <Statistic title={t('imports.created')} value={job.created} data-testid="import-created" />
          <Statistic title={t('imports.updated')} value={job.updated} />
          <Statistic title={t('imports.unchanged')} value={job.unchanged} />
          <Statistic title={t('imports.errors')} value={job.errorCount} data-testid="import-error-count" />
        </Flex>
        <Space wrap>
          <Button
            type="primary"
            disabled={job.status !== 'checked' || job.errorCount > 0 || commit.isPending}
            loading={commit.isPending || job.status === 'committing'}
            onClick={() => commit.mutate(job.id)}
          >
            {t('imports.commit')}
          </Button>
          <Button
            icon={<DownloadOutlined />}
            disabled={running}
            onClick={() => void downloadReport(job.id).catch(() => undefined)}
          >
            {t('imports.downloadReport')}
          </Button>
        </Space>
        {job.errorCount > 0 && (
          <Table<Problem>
            data-testid="import-errors"
            size="small"
            rowKey={(p) => `${p.row}-${p.column}-${p.message}`}
            dataSource={job.errors}
            pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
            footer={job.errorCount > job.errors.length ? () => t('imports.moreInReport') : undefined}
            columns={[
              { title: t('imports.col.row'), dataIndex: 'row', width: 80 },
              {
                title: t('imports.col.column'),
                dataIndex: 'column',
                width: 160,
                render: (text: string) => <span data-user-data>{text}</span>,
              },
              {
                title: t('imports.col.value'),
                dataIndex: 'value',
                width: 220,
                render: (text: string) => <span data-user-data>{text}</span>,
              },
              { title: t('imports.col.message'), dataIndex: 'message' },
            ]}
          />
        )}
      </Space>
    </Card>
  );
}

export default function ImportsPage() {
  const { t, language } = useT();
  const label = useLabel();
  const [kind, setKind] = useState<ImportKind>('people');
  const [file, setFile] = useState<File | undefined>();
  const [period, setPeriod] = useState('');
  const [replace, setReplace] = useState(false);
  const [jobId, setJobId] = useState<number | undefined>();
  const upload = useUploadImport();
  const job = useImportJob(jobId, language);
  const busy = upload.isPending || isRunning(job.data);

  const start = () => {
    if (!file) return;
    upload.mutate(
      { kind, file, period: kind === 'salary' ? period : undefined, replace: kind === 'salary' && replace },
      { onSuccess: (created) => setJobId(created.id) },
    );
  };

  return (
    <Page title={t('imports.heading')}>
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Card>
          <Form layout="vertical" style={{ maxWidth: 720 }}>
            <Form.Item label={t('imports.kind')}>
              <Flex gap={12} wrap>
                <Select<ImportKind>
                  aria-label={t('imports.kind')}
                  style={{ minWidth: 260 }}
                  value={kind}
                  onChange={(value) => {
                    setKind(value);
                    setJobId(undefined);
                  }}
                  options={IMPORT_KINDS.map((value) => ({ value, label: label(IMPORT_KIND_LABELS, value) }))}
                />
                <Button
                  icon={<DownloadOutlined />}
                  onClick={() => void downloadTemplate(kind).catch(() => undefined)}
                >
                  {t('imports.template')}
                </Button>
              </Flex>
            </Form.Item>
            {kind === 'salary' && (
              <Form.Item label={t('imports.period')}>
                <Flex gap={12} align="center" wrap>
                  <Input
                    aria-label={t('imports.period')}
                    style={{ width: 160 }}
                    placeholder={t('imports.periodHint')}
                    value={period}
                    onChange={(e) => setPeriod(e.target.value)}
                  />
                  <Checkbox checked={replace} onChange={(e) => setReplace(e.target.checked)}>
                    {t('imports.replace')}
                  </Checkbox>
                </Flex>
              </Form.Item>
            )}
            <Form.Item>
              <Upload.Dragger
                accept=".csv,.xlsx"
                maxCount={1}
                showUploadList={false}
                beforeUpload={(chosen) => {
                  setFile(chosen);
                  setJobId(undefined);
                  return false;
                }}
                data-testid="import-file"
              >
                <p className="ant-upload-drag-icon">
                  <InboxOutlined />
                </p>
                <p className="ant-upload-text">{t('imports.file')}</p>
                {file && (
                  <p className="ant-upload-hint">
                    {t('imports.fileChosen', { name: '\u0001' }).split('\u0001')[0]}
                    <span data-user-data>{file.name}</span>
                  </p>
                )}
              </Upload.Dragger>
            </Form.Item>
            <Button type="primary" disabled={!file || busy} loading={upload.isPending} onClick={start}>
              {t('imports.check')}
            </Button>
          </Form>
        </Card>
        {job.data && <Report job={job.data} />}
      </Space>
    </Page>
  );
}
