/**
 * The batches of other income loaded, and the one door to load one: 批量导入 with 其他收入 chosen
 * (issue 25 item 6).
 */
import { UploadOutlined } from '@ant-design/icons';
import type { IncomeBatch } from '@cf/shared/wire/salary';
import { Button, Flex, Table, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { countColumn, dateColumn, moneyColumn, textColumn } from '@admin/components/columns';
import { useT } from '@admin/lib/i18n/use-t';
import { useIncomeBatches } from '../api/list-income-batches';

export function OtherIncomePanel() {
  const { t } = useT();
  const [page, setPage] = useState({ current: 1, size: 10 });
  const batches = useIncomeBatches(page.current, page.size);
  return (
    <Flex vertical gap={16}>
      <Flex gap={12} align="center" wrap>
        <Link to="/imports?kind=other-income">
          <Button type="primary" icon={<UploadOutlined />} data-testid="income-import-door">
            {t('salary.importIncome')}
          </Button>
        </Link>
        <Typography.Text type="secondary">{t('salary.oneDoor')}</Typography.Text>
      </Flex>
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
          textColumn({ title: t('salary.project'), dataIndex: 'project', userData: true }),
          textColumn({ title: t('salary.department'), dataIndex: 'department', userData: true }),
          dateColumn({ title: t('salary.paidOn'), dataIndex: 'paidOn', render: (day: string) => day }),
          countColumn({ title: t('salary.records'), dataIndex: 'records' }),
          moneyColumn({ title: t('salary.amount'), dataIndex: 'amountFen' }),
          moneyColumn({ title: t('salary.tax'), dataIndex: 'taxFen' }),
          moneyColumn({ title: t('salary.net'), dataIndex: 'netFen' }),
          dateColumn({ title: t('salary.loadedAt'), dataIndex: 'loadedAt' }),
        ]}
      />
    </Flex>
  );
}
