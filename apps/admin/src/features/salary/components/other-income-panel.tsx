/** A batch of other income: choose the file, check it (the line report), store it all or nothing. */
import { formatYuan } from '@cf/shared/money';
import type { R } from '@cf/shared/wire/envelope';
import type { ImportReport, IncomeBatch } from '@cf/shared/wire/salary';
import { Button, Flex, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useT } from '@admin/lib/i18n/use-t';
import { useImportOtherIncome } from '../api/import-other-income';
import { useIncomeBatches } from '../api/list-income-batches';
import { FileDrop } from './file-drop';
import { ImportReportView } from './import-report';

export function OtherIncomePanel() {
  const { t } = useT();
  const [page, setPage] = useState({ current: 1, size: 10 });
  const batches = useIncomeBatches(page.current, page.size);
  const load = useImportOtherIncome();
  const [file, setFile] = useState<File>();
  const [result, setResult] = useState<{ reply: R<ImportReport>; dryRun: boolean }>();
  const checkedClean = result?.dryRun && !result.reply.data.stored && result.reply.data.errors.length === 0;

  const send = async (dryRun: boolean) => {
    if (!file) return;
    const reply = await load.mutateAsync({ file, dryRun }).catch(() => undefined);
    if (reply) setResult({ reply, dryRun });
  };

  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('salary.incomeColumns')}
      </Typography.Paragraph>
      <FileDrop
        testId="income-file"
        file={file}
        onFile={(chosen) => {
          setFile(chosen);
          setResult(undefined);
        }}
      />
      <Space>
        <Button onClick={() => void send(true)} disabled={!file} loading={load.isPending && !checkedClean}>
          {t('salary.check')}
        </Button>
        <Button
          type="primary"
          onClick={() => void send(false)}
          disabled={!checkedClean}
          loading={load.isPending && checkedClean}
        >
          {t('salary.store')}
        </Button>
      </Space>
      {result ? <ImportReportView reply={result.reply} dryRun={result.dryRun} /> : null}
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('salary.batchesHeading')}
      </Typography.Title>
      <Table<IncomeBatch>
        size="small"
        rowKey={(b) => `${b.project}\u0000${b.department}\u0000${b.paidOn}`}
        data-testid="income-batches"
        loading={batches.isFetching}
        dataSource={batches.data?.records ?? []}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: batches.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: (current, size) => setPage({ current, size }),
        }}
        columns={[
          {
            title: t('salary.project'),
            dataIndex: 'project',
            render: (text: string) => <span data-user-data>{text}</span>,
          },
          {
            title: t('salary.department'),
            dataIndex: 'department',
            render: (text: string) => <span data-user-data>{text}</span>,
          },
          { title: t('salary.paidOn'), dataIndex: 'paidOn', width: 120 },
          { title: t('salary.records'), dataIndex: 'records', width: 90 },
          { title: t('salary.amount'), dataIndex: 'amountFen', render: (fen: number) => formatYuan(fen) },
          { title: t('salary.tax'), dataIndex: 'taxFen', render: (fen: number) => formatYuan(fen) },
          { title: t('salary.net'), dataIndex: 'netFen', render: (fen: number) => formatYuan(fen) },
          {
            title: t('salary.loadedAt'),
            dataIndex: 'loadedAt',
            width: 190,
            render: (time: string) => new Date(time).toLocaleString(),
          },
        ]}
      />
    </Flex>
  );
}
