/**
 * A month of slips: choose the month and the file, check it (a dry run: the line report, nothing
 * stored), then store it; a month already loaded is replaced only after a confirmation.
 */
import { formatYuan } from '@cf/shared/money';
import type { R } from '@cf/shared/wire/envelope';
import type { ImportReport, SalaryMonth } from '@cf/shared/wire/salary';
import { Alert, App, Button, DatePicker, Flex, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useT } from '@admin/lib/i18n/use-t';
import { useImportSlips } from '../api/import-slips';
import { useSalaryMonths } from '../api/list-salary-months';
import { FileDrop } from './file-drop';
import { ImportReportView } from './import-report';

export function SlipsPanel() {
  const { t } = useT();
  const { modal } = App.useApp();
  const months = useSalaryMonths();
  const load = useImportSlips();
  const [period, setPeriod] = useState('');
  const [file, setFile] = useState<File>();
  const [result, setResult] = useState<{ reply: R<ImportReport>; dryRun: boolean }>();
  const loaded = months.data?.find((m) => m.period === period);
  const checkedClean = result?.dryRun && !result.reply.data.stored && result.reply.data.errors.length === 0;

  const send = async (dryRun: boolean) => {
    if (!file || !period) return;
    const reply = await load
      .mutateAsync({ file, period, dryRun, replace: loaded !== undefined })
      .catch(() => undefined);
    if (reply) setResult({ reply, dryRun });
  };
  const store = () => {
    if (!loaded) return void send(false);
    modal.confirm({
      title: t('salary.replaceTitle', { period }),
      content: t('salary.replaceBody', { period, count: loaded.slips }),
      okText: t('salary.replace'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => send(false),
    });
  };

  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('salary.slipColumns')}
      </Typography.Paragraph>
      <Space wrap>
        <span>{t('salary.month')}</span>
        <DatePicker
          picker="month"
          aria-label={t('salary.month')}
          data-testid="salary-month"
          onChange={(_, text) => {
            setPeriod(typeof text === 'string' ? text : '');
            setResult(undefined);
          }}
        />
      </Space>
      {loaded ? (
        <Alert type="warning" showIcon title={t('salary.monthLoaded', { period, count: loaded.slips })} />
      ) : null}
      <FileDrop
        testId="slip-file"
        file={file}
        onFile={(chosen) => {
          setFile(chosen);
          setResult(undefined);
        }}
      />
      <Space>
        <Button
          onClick={() => void send(true)}
          disabled={!file || !period}
          loading={load.isPending && !checkedClean}
        >
          {t('salary.check')}
        </Button>
        <Button
          type="primary"
          danger={loaded !== undefined}
          onClick={store}
          disabled={!checkedClean}
          loading={load.isPending && checkedClean}
        >
          {loaded ? t('salary.storeReplacing') : t('salary.store')}
        </Button>
      </Space>
      {result ? <ImportReportView reply={result.reply} dryRun={result.dryRun} /> : null}
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('salary.monthsHeading')}
      </Typography.Title>
      <Table<SalaryMonth>
        size="small"
        rowKey="period"
        data-testid="salary-months"
        loading={months.isFetching}
        dataSource={months.data ?? []}
        pagination={{ pageSize: 12, hideOnSinglePage: true }}
        columns={[
          { title: t('salary.month'), dataIndex: 'period', width: 120 },
          { title: t('salary.slips'), dataIndex: 'slips', width: 100 },
          { title: t('salary.gross'), dataIndex: 'grossFen', render: (fen: number) => formatYuan(fen) },
          { title: t('salary.net'), dataIndex: 'netFen', render: (fen: number) => formatYuan(fen) },
          { title: t('salary.payDate'), dataIndex: 'payDate', width: 130 },
          {
            title: t('salary.loadedAt'),
            dataIndex: 'loadedAt',
            width: 200,
            render: (time: string) => new Date(time).toLocaleString(),
          },
        ]}
      />
    </Flex>
  );
}
