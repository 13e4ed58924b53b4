/**
 * The months of slips loaded, and the one door to load a month: 批量导入 with 工资条 chosen (its template,
 * check, report, history and replace-a-month are the same for every import; issue 25 item 6).
 */
import { UploadOutlined } from '@ant-design/icons';
import type { SalaryMonth } from '@cf/shared/wire/salary';
import { Button, Flex, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { countColumn, dateColumn, moneyColumn } from '@admin/components/columns';
import { useT } from '@admin/lib/i18n/use-t';
import { useSalaryMonths } from '../api/list-salary-months';

export function SlipsPanel() {
  const { t } = useT();
  const months = useSalaryMonths();
  return (
    <Flex vertical gap={16}>
      <Flex gap={12} align="center" wrap>
        <Link to="/imports?kind=salary">
          <Button type="primary" icon={<UploadOutlined />} data-testid="salary-import-door">
            {t('salary.importSlips')}
          </Button>
        </Link>
        <Typography.Text type="secondary">{t('salary.oneDoor')}</Typography.Text>
      </Flex>
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
          dateColumn({ title: t('salary.month'), dataIndex: 'period', render: (month: string) => month }),
          countColumn({ title: t('salary.slips'), dataIndex: 'slips' }),
          moneyColumn({ title: t('salary.gross'), dataIndex: 'grossFen' }),
          moneyColumn({ title: t('salary.net'), dataIndex: 'netFen' }),
          dateColumn({ title: t('salary.payDate'), dataIndex: 'payDate', render: (day: string) => day }),
          dateColumn({ title: t('salary.loadedAt'), dataIndex: 'loadedAt' }),
        ]}
      />
    </Flex>
  );
}
