/** The audit log: who did what, when, from where; filter by who, action and days; export the search. */
import type { AuditEntry } from '@cf/shared/wire/admin-audit';
import { DatePicker, Form, Input, Table, Typography } from 'antd';
import { useState } from 'react';
import { Page } from '@admin/components/page';
import { ExportButton, SearchButtons } from '@admin/components/search-export';
import { useT } from '@admin/lib/i18n/use-t';
import { serverPagination } from '@admin/lib/use-paging';
import { exportAudit } from '../api/export-audit';
import { useAudit, type AuditSearch } from '../api/list-audit';

interface FormValues {
  who?: string;
  action?: string;
  days?: [{ format(p: string): string }, { format(p: string): string }] | null;
}

export default function AuditPage() {
  const { t } = useT();
  const [search, setSearch] = useState<AuditSearch>({});
  const [page, setPage] = useState({ current: 1, size: 20 });
  const audit = useAudit(search, page.current, page.size);
  const apply = ({ who, action, days }: FormValues) => {
    setSearch({
      who: who?.trim() || undefined,
      action: action?.trim() || undefined,
      from: days?.[0]?.format('YYYY-MM-DD'),
      to: days?.[1]?.format('YYYY-MM-DD'),
    });
    setPage({ ...page, current: 1 });
  };
  return (
    <Page
      title={t('audit.heading')}
      extra={
        <ExportButton onExport={() => exportAudit(search)} label={t('audit.export')} testId="audit-export" />
      }
    >
      <Form<FormValues> layout="inline" onFinish={apply} style={{ marginBottom: 16 }}>
        <Form.Item name="who" label={t('audit.who')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="action" label={t('audit.action')}>
          <Input allowClear maxLength={128} />
        </Form.Item>
        <Form.Item name="days" label={t('audit.days')}>
          <DatePicker.RangePicker />
        </Form.Item>
        <SearchButtons onReset={() => setSearch({})} />
      </Form>
      <Table<AuditEntry>
        rowKey="id"
        loading={audit.isFetching}
        dataSource={audit.data?.records}
        data-testid="audit-table"
        pagination={serverPagination(page, audit.data?.total, (current, size) => setPage({ current, size }))}
        columns={[
          {
            title: t('audit.time'),
            dataIndex: 'createdAt',
            render: (v: string) => new Date(v).toLocaleString(),
          },
          {
            title: t('audit.who'),
            key: 'who',
            render: (_, e) => <span data-user-data>{[e.account, e.realName].filter(Boolean).join(' ')}</span>,
          },
          {
            title: t('audit.action'),
            dataIndex: 'action',
            render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
          },
          { title: t('audit.ip'), dataIndex: 'ip' },
          {
            title: t('audit.detail'),
            dataIndex: 'detail',
            ellipsis: { showTitle: false },
            render: (d: Record<string, unknown>) => <span data-user-data>{JSON.stringify(d)}</span>,
          },
        ]}
      />
    </Page>
  );
}
