/** The server's line report of a load: what happened, and every problem as {row, column, message}. */
import type { R } from '@cf/shared/wire/envelope';
import type { ImportReport } from '@cf/shared/wire/salary';
import { Alert, Table } from 'antd';
import { useT } from '@admin/lib/i18n/use-t';

export function ImportReportView({ reply, dryRun }: { reply: R<ImportReport>; dryRun: boolean }) {
  const { t } = useT();
  const report = reply.data;
  const problems = report.errors.length;
  const title = report.stored
    ? t('salary.report.stored', { rows: report.rows, replaced: report.replaced })
    : problems === 0 && dryRun
      ? t('salary.report.clean', { rows: report.rows })
      : // Our own words, not the reply's msg: they follow a later switch of language.
        t('salary.report.problems', { count: problems });
  return (
    <div data-testid="import-report" data-stored={report.stored} data-problems={problems}>
      <Alert
        showIcon
        type={report.stored ? 'success' : problems === 0 ? 'info' : 'error'}
        title={title}
        style={{ marginBottom: problems ? 12 : 0 }}
      />
      {problems > 0 ? (
        <Table
          size="small"
          rowKey={(_, index) => String(index)}
          dataSource={report.errors}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          columns={[
            {
              title: t('salary.report.row'),
              dataIndex: 'row',
              width: 90,
              render: (row: number) => (row === 0 ? t('salary.report.wholeFile') : row),
            },
            {
              title: t('salary.report.column'),
              dataIndex: 'column',
              width: 160,
              render: (column: string) => <span data-user-data>{column || '—'}</span>,
            },
            {
              title: t('salary.report.message'),
              dataIndex: 'message',
              // The server's message in the console's language; it may quote the file's own text.
              render: (message: string) => <span data-user-data>{message}</span>,
            },
          ]}
        />
      ) : null}
    </div>
  );
}
