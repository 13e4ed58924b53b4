/**
 * The audit log: who did what, when, from where; filter by who, action and days; export the search.
 * Actions by their names and details as sentences (packages/shared/src/labels/audit.ts), never codes
 * or JSON.
 */
import {
  ADMIN_ROUTE_ACTION_LABELS,
  AUDIT_ACTION_LABELS,
  auditActionLabel,
  describeAuditDetail,
} from '@cf/shared/labels/audit';
import type { AuditEntry } from '@cf/shared/wire/admin-audit';
import { DatePicker, Form, Input, Select, Table } from 'antd';
import { useState } from 'react';
import { dateColumn, idColumn, labelColumn, personColumn, textColumn } from '@admin/components/columns';
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
  const { t, language } = useT();
  // One option per name: the guard's row of a service's action is named as the service's own.
  const actionOptions = [
    ...new Map(
      Object.entries({ ...AUDIT_ACTION_LABELS, ...ADMIN_ROUTE_ACTION_LABELS }).map(([value, label]) => [
        label[language],
        { value, label: label[language] },
      ]),
    ).values(),
  ].sort((a, b) => a.label.localeCompare(b.label, language === 'zh' ? 'zh-CN' : 'en'));
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
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            options={actionOptions}
            style={{ width: 220 }}
            data-testid="audit-action"
          />
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
          dateColumn({ title: t('audit.time'), dataIndex: 'createdAt' }),
          // The person's name over the account; the action in the app's words, whole.
          personColumn({
            title: t('audit.who'),
            key: 'who',
            name: (e) => e.realName || e.account,
            no: (e) => (e.realName ? e.account : null),
          }),
          labelColumn({
            title: t('audit.action'),
            dataIndex: 'action',
            render: (action: string) => auditActionLabel(action, language),
          }),
          idColumn({ title: t('audit.ip'), dataIndex: 'ip', userData: false }),
          // Values in it are what people typed or chose (names, numbers, reasons): user data.
          textColumn({
            title: t('audit.detail'),
            key: 'detail',
            text: (e) => describeAuditDetail(e.detail, language),
            userData: true,
            testId: 'audit-detail',
          }),
        ]}
      />
    </Page>
  );
}
