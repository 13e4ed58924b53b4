/**
 * Bulk import (issue 15): pick what to import, download its template, upload the file; the server
 * checks every row, then shows the dry-run report — counts (of the rows without problems) and every
 * problem as row, column, value, message, also as XLSX — and the import button, enabled only when
 * there is no problem. The commit is all or nothing; its result shows here. The progress bar is the
 * server's: the job is polled while it runs, for its phase (reading, checking, storing) and rows done.
 * Below, the history of the tenant's imports (who, when, kind, file, counts, state, report): any of them
 * opens again. A file over the limit is refused here, before a byte is sent (issue 25 item 6).
 */
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { IMPORT_KINDS, IMPORT_MAX_BYTES, type ImportKind } from '@cf/shared/import-kinds';
import { IMPORT_KIND_LABELS } from '@cf/shared/labels/people';
import type { ImportJob, ImportJobSummary } from '@cf/shared/wire/admin-imports';
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
  Tag,
  Typography,
  Upload,
} from 'antd';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { countColumn, Cut, dateColumn, labelColumn, textColumn } from '@admin/components/columns';
import { Page } from '@admin/components/page';
import { formatDateTime } from '@admin/lib/format';
import { serverPagination } from '@admin/lib/use-paging';
import { useT } from '@admin/lib/i18n/use-t';
import { useLabel } from '@admin/lib/labels';
import { useCommitImport } from '@admin/features/imports/api/commit-import';
import { downloadReport } from '@admin/features/imports/api/download-report';
import { downloadTemplate } from '@admin/features/imports/api/download-template';
import { isRunning, useImportJob } from '@admin/features/imports/api/get-import-job';
import { useImportJobs } from '@admin/features/imports/api/list-import-jobs';
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
              countColumn({ title: t('imports.col.row'), dataIndex: 'row' }),
              textColumn({ title: t('imports.col.column'), dataIndex: 'column', userData: true }),
              textColumn({ title: t('imports.col.value'), dataIndex: 'value', userData: true }),
              textColumn({ title: t('imports.col.message'), dataIndex: 'message' }),
            ]}
          />
        )}
      </Space>
    </Card>
  );
}

const STATE_COLORS: Record<string, string> = {
  checking: 'processing',
  committing: 'processing',
  checked: 'blue',
  checkedWithErrors: 'warning',
  committed: 'success',
  failed: 'error',
};

/** The state of an import in a word (a checked file with problems is not one that waits to be imported). */
const stateOf = (job: Pick<ImportJobSummary, 'status' | 'errorCount'>) =>
  job.status === 'checked' && job.errorCount > 0 ? 'checkedWithErrors' : job.status;

function History({
  kind,
  onOpen,
  extra,
}: {
  kind: ImportKind | undefined;
  onOpen: (job: ImportJobSummary) => void;
  extra: ReactNode;
}) {
  const { t, language } = useT();
  const label = useLabel();
  const [page, setPage] = useState({ current: 1, size: 10 });
  const jobs = useImportJobs(kind, page.current, page.size, language);
  return (
    <Card title={t('imports.history')} extra={extra} data-testid="import-history">
      <Table<ImportJobSummary>
        rowKey="id"
        size="small"
        loading={jobs.isFetching && !jobs.data}
        dataSource={jobs.data?.records}
        pagination={serverPagination(page, jobs.data?.total, (current, size) => setPage({ current, size }))}
        // Fits 1024 px: who under when, the kind under the file, the actions one under the other.
        columns={[
          dateColumn({
            title: t('imports.col.time'),
            dataIndex: 'createdAt',
            render: (v: string, j) => (
              <>
                {formatDateTime(v)}
                <Cut text={j.uploadedBy} userData secondary />
              </>
            ),
          }),
          textColumn({
            title: t('imports.col.file'),
            dataIndex: 'fileName',
            render: (v: string, j) => (
              <>
                <Cut text={v} userData />
                <Cut text={label(IMPORT_KIND_LABELS, j.kind)} secondary />
              </>
            ),
          }),
          countColumn({
            title: t('imports.col.counts'),
            key: 'counts',
            render: (_, j) => [j.rows, j.created, j.updated, j.errorCount].join(' / '),
          }),
          labelColumn({
            title: t('imports.col.status'),
            key: 'status',
            render: (_, j) => (
              <Tag color={STATE_COLORS[stateOf(j)]} data-testid="import-history-state">
                {t(`imports.state.${stateOf(j)}`)}
              </Tag>
            ),
          }),
          labelColumn({
            title: '',
            key: 'actions',
            render: (_, j) => (
              <Flex vertical align="start">
                <Button type="link" size="small" onClick={() => onOpen(j)} data-testid="import-history-open">
                  {t('imports.open')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  disabled={isRunning(j)}
                  onClick={() => void downloadReport(j.id).catch(() => undefined)}
                >
                  {t('imports.reportShort')}
                </Button>
              </Flex>
            ),
          }),
        ]}
      />
    </Card>
  );
}

export default function ImportsPage() {
  const { t, language } = useT();
  const label = useLabel();
  // A door elsewhere (薪酬导入) opens this page with its kind chosen: ?kind=salary.
  const [params] = useSearchParams();
  const asked = params.get('kind') as ImportKind | null;
  const [kind, setKind] = useState<ImportKind>(asked && IMPORT_KINDS.includes(asked) ? asked : 'people');
  const [file, setFile] = useState<File | undefined>();
  const [period, setPeriod] = useState('');
  const [replace, setReplace] = useState(false);
  const [jobId, setJobId] = useState<number | undefined>();
  const [historyKind, setHistoryKind] = useState<ImportKind | undefined>();
  const upload = useUploadImport();
  const tooLarge = file !== undefined && file.size > IMPORT_MAX_BYTES;
  const job = useImportJob(jobId, language);
  const busy = upload.isPending || isRunning(job.data);

  const start = () => {
    if (!file || tooLarge) return;
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
            {tooLarge && (
              <Alert
                type="error"
                showIcon
                style={{ marginBottom: 16 }}
                data-testid="import-too-large"
                message={t('imports.tooLarge', {
                  size: (file.size / 1024 / 1024).toFixed(1),
                  max: IMPORT_MAX_BYTES / 1024 / 1024,
                })}
              />
            )}
            <Button
              type="primary"
              disabled={!file || tooLarge || busy}
              loading={upload.isPending}
              onClick={start}
            >
              {t('imports.check')}
            </Button>
          </Form>
        </Card>
        {job.data && <Report job={job.data} />}
        <History
          kind={historyKind}
          onOpen={(j) => {
            setKind(j.kind);
            setJobId(j.id);
            window.scrollTo({ top: 0, behavior: 'smooth' });
          }}
          extra={
            <Select<ImportKind | ''>
              aria-label={t('imports.history')}
              style={{ width: 200 }}
              value={historyKind ?? ''}
              onChange={(value) => setHistoryKind(value || undefined)}
              options={[
                { value: '', label: t('imports.historyAllKinds') },
                ...IMPORT_KINDS.map((value) => ({ value, label: label(IMPORT_KIND_LABELS, value) })),
              ]}
              data-testid="import-history-kind"
            />
          }
        />
      </Space>
    </Page>
  );
}
