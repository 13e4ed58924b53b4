/**
 * A queue of the finance office (bindings, other-means bills, payment exceptions, invoices): tabs by
 * state above a server-paged table. Another tab starts again at the first page.
 */
import type { Page } from '@cf/shared/wire/envelope';
import { Table, Tabs, type TableColumnsType, type TableProps } from 'antd';
import type { Paging } from '@admin/lib/use-paging';

export interface QueueTableProps<T extends object, S extends string | number> {
  tabs: ReadonlyArray<{ status: S; label: string }>;
  status: S;
  onStatus: (status: S) => void;
  paging: Paging;
  list: { data?: Page<T>; isFetching: boolean };
  columns: TableColumnsType<T>;
  testId: string;
  onRow?: TableProps<T>['onRow'];
  expandable?: TableProps<T>['expandable'];
}

export function QueueTable<T extends object, S extends string | number>({
  tabs,
  status,
  onStatus,
  paging,
  list,
  columns,
  testId,
  onRow,
  expandable,
}: QueueTableProps<T, S>) {
  return (
    <>
      <Tabs
        activeKey={String(status)}
        onChange={(key) => {
          const tab = tabs.find((t) => String(t.status) === key);
          if (!tab) return;
          onStatus(tab.status);
          paging.reset();
        }}
        items={tabs.map((tab) => ({ key: String(tab.status), label: tab.label }))}
      />
      <Table<T>
        rowKey="id"
        data-testid={testId}
        columns={columns}
        dataSource={list.data?.records}
        loading={list.isFetching}
        pagination={paging.pagination(list.data)}
        onRow={onRow}
        expandable={expandable}
      />
    </>
  );
}
