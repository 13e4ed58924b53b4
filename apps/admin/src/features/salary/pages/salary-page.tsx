/** Salary and other income: the months and batches loaded; loading goes through 批量导入 (one door). */
import { Card, Tabs } from 'antd';
import { Page } from '@admin/components/page';
import { useT } from '@admin/lib/i18n/use-t';
import { OtherIncomePanel } from '../components/other-income-panel';
import { SlipsPanel } from '../components/slips-panel';

export default function SalaryPage() {
  const { t } = useT();
  return (
    <Page title={t('salary.heading')}>
      <Card>
        <Tabs
          items={[
            { key: 'slips', label: t('salary.tabSlips'), children: <SlipsPanel /> },
            { key: 'income', label: t('salary.tabIncome'), children: <OtherIncomePanel /> },
          ]}
        />
      </Card>
    </Page>
  );
}
