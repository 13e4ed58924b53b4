/**
 * Pending bindings (the hardening issue): where the school waives the SMS factor a binding waits for
 * the finance office, which compares the person's facts and approves or refuses it with a reason.
 */
import type { BindingStatus } from '@cf/shared/wire/auth';
import type { BindingReview } from '@cf/shared/wire/admin-users';
import { App, Button, Popconfirm, Space, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Page } from '@admin/components/page';
import { QueueTable } from '@admin/components/queue-table';
import { ReasonDialog } from '@admin/components/reason-dialog';
import { formatDateTime } from '@admin/lib/format';
import type { TextKey } from '@admin/lib/i18n/i18n';
import { useT } from '@admin/lib/i18n/use-t';
import { usePaging } from '@admin/lib/use-paging';
import { useApproveBinding } from '../api/approve-binding';
import { useBindings } from '../api/get-bindings';
import { useRefuseBinding } from '../api/refuse-binding';

/** Type-only imports from the wire keep zod out of the console's chunks: the states, as the wire names them. */
const STATUSES: BindingStatus[] = ['pending', 'active', 'refused'];

const TYPE_TEXT: Record<string, TextKey> = {
  student: 'bindings.type.student',
  employee: 'bindings.type.employee',
  other: 'bindings.type.other',
};

export default function BindingsPage() {
  const { t } = useT();
  const { message } = App.useApp();
  const [status, setStatus] = useState<BindingStatus>('pending');
  const paging = usePaging();
  const list = useBindings(status, paging.current, paging.size);
  const approve = useApproveBinding();
  const refuse = useRefuseBinding();
  const [refusing, setRefusing] = useState<BindingReview>();

  const columns: TableColumnsType<BindingReview> = [
    {
      title: t('bindings.account'),
      key: 'account',
      render: (_, row) => (
        <span data-user-data>
          {row.account}
          {row.nickName && row.nickName !== row.account ? ` (${row.nickName})` : ''}
        </span>
      ),
    },
    {
      title: t('bindings.userType'),
      dataIndex: 'userType',
      render: (type: string) => (TYPE_TEXT[type] ? t(TYPE_TEXT[type]) : type),
    },
    {
      title: t('bindings.person'),
      dataIndex: 'personName',
      render: (name: string | null) => <span data-user-data>{name}</span>,
    },
    { title: t('bindings.personNo'), dataIndex: 'personNo' },
    { title: t('bindings.idCard'), dataIndex: 'idCardMasked' },
    { title: t('bindings.heldPhone'), dataIndex: 'heldPhoneMasked' },
    { title: t('bindings.createdAt'), dataIndex: 'createdAt', render: formatDateTime },
    ...(status === 'pending'
      ? []
      : [{ title: t('bindings.decidedAt'), dataIndex: 'decidedAt', render: formatDateTime }]),
    ...(status === 'refused'
      ? [
          {
            title: t('bindings.decisionNote'),
            dataIndex: 'decisionNote',
            render: (note: string | null) => <span data-user-data>{note}</span>,
          },
        ]
      : []),
    ...(status === 'pending'
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            fixed: 'right' as const,
            render: (_: unknown, row: BindingReview) => (
              <Space>
                <Popconfirm
                  title={t('bindings.approveConfirm', { name: row.personName ?? row.personNo ?? '' })}
                  okText={t('bindings.approve')}
                  cancelText={t('common.cancel')}
                  onConfirm={() =>
                    approve.mutateAsync(row.id).then(() => void message.success(t('bindings.approved')))
                  }
                >
                  <Button type="primary" size="small">
                    {t('bindings.approve')}
                  </Button>
                </Popconfirm>
                <Button danger size="small" onClick={() => setRefusing(row)}>
                  {t('bindings.refuse')}
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Page title={t('bindings.heading')}>
      <QueueTable<BindingReview, BindingStatus>
        tabs={STATUSES.map((key) => ({ status: key, label: t(`bindings.tab.${key}`) }))}
        status={status}
        onStatus={setStatus}
        paging={paging}
        list={list}
        columns={columns}
        testId="bindings-table"
      />
      <ReasonDialog
        open={!!refusing}
        title={t('bindings.refuseTitle')}
        label={t('bindings.refuseReason')}
        okText={t('bindings.refuse')}
        maxLength={500}
        danger
        pending={refuse.isPending}
        onCancel={() => setRefusing(undefined)}
        onSubmit={(reason) =>
          refusing &&
          refuse.mutate(
            { id: refusing.id, reason },
            {
              onSuccess: () => {
                setRefusing(undefined);
                void message.success(t('bindings.refused'));
              },
            },
          )
        }
      />
    </Page>
  );
}
