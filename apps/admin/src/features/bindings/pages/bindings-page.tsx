/**
 * Pending bindings (the hardening issue): where the school waives the SMS factor a binding waits for
 * the finance office, which compares the person's facts and approves or refuses it with a reason. Each
 * row opens to what the applicant typed beside what the school holds, field by field, matches marked
 * (issue 25 item 3); the held phone shows in full on request, each reading audited.
 */
import type { BindingStatus } from '@cf/shared/wire/auth';
import type { BindingReview } from '@cf/shared/wire/admin-users';
import { App, Button, Flex, Popconfirm, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { Cut, dateColumn, idColumn, labelColumn, personColumn, textColumn } from '@admin/components/columns';
import { Page } from '@admin/components/page';
import { QueueTable } from '@admin/components/queue-table';
import { ReasonDialog } from '@admin/components/reason-dialog';
import type { TextKey } from '@admin/lib/i18n/i18n';
import { useT } from '@admin/lib/i18n/use-t';
import { usePaging } from '@admin/lib/use-paging';
import { useApproveBinding } from '../api/approve-binding';
import { useBindings } from '../api/get-bindings';
import { useRefuseBinding } from '../api/refuse-binding';
import { useRevealHeldPhone } from '../api/reveal-phone';

/** Type-only imports from the wire keep zod out of the console's chunks: the states, as the wire names them. */
const STATUSES: BindingStatus[] = ['pending', 'active', 'refused'];

const TYPE_TEXT: Record<string, TextKey> = {
  student: 'bindings.type.student',
  employee: 'bindings.type.employee',
  other: 'bindings.type.other',
};

type Match = boolean | null;

function MatchTag({ match }: { match: Match }) {
  const { t } = useT();
  if (match === null) return <Typography.Text type="secondary">{t('bindings.notAsked')}</Typography.Text>;
  return match ? (
    <Tag color="success" data-testid="binding-match">
      {t('bindings.match')}
    </Tag>
  ) : (
    <Tag color="error" data-testid="binding-mismatch">
      {t('bindings.mismatch')}
    </Tag>
  );
}

/** The held phone: masked, and in full on request (the server audits each reading). */
function HeldPhone({ row }: { row: BindingReview }) {
  const { t } = useT();
  const reveal = useRevealHeldPhone();
  const [full, setFull] = useState<string | null>();
  if (!row.heldPhoneMasked)
    return <Typography.Text type="secondary">{t('bindings.notHeld')}</Typography.Text>;
  return (
    <Space wrap>
      <span data-user-data data-testid="binding-held-phone">
        {full ?? row.heldPhoneMasked}
      </span>
      {full === undefined && (
        <Button
          size="small"
          type="link"
          title={t('bindings.phoneAudited')}
          loading={reveal.isPending}
          onClick={() => reveal.mutate(row.id, { onSuccess: (r) => setFull(r.heldPhone) })}
          data-testid="binding-show-phone"
        >
          {t('bindings.showPhone')}
        </Button>
      )}
    </Space>
  );
}

/** What the applicant typed beside what the school holds, field by field. */
function Comparison({ row }: { row: BindingReview }) {
  const { t } = useT();
  const typed = row.submitted;
  const type = (v: string) => (TYPE_TEXT[v] ? t(TYPE_TEXT[v]) : v);
  const rows: { key: string; field: string; typed: ReactNode; held: ReactNode; match: Match }[] = [
    {
      key: 'type',
      field: t('bindings.userType'),
      typed: typed ? type(typed.userType) : '',
      held: type(row.userType),
      match: typed ? typed.userType === row.userType : null,
    },
    {
      key: 'name',
      field: t('bindings.realName'),
      typed: <span data-user-data>{typed?.realName}</span>,
      held: <span data-user-data>{row.personName}</span>,
      match: typed?.matched.realName ?? null,
    },
    {
      key: 'no',
      field: t('bindings.personNo'),
      typed: <span data-user-data>{typed?.personNo}</span>,
      held: <span data-user-data>{row.personNo}</span>,
      match: typed?.matched.personNo ?? null,
    },
    {
      key: 'id',
      field: t('bindings.idCard'),
      typed: <span data-user-data>{typed?.idCardMasked}</span>,
      held: <span data-user-data>{row.idCardMasked}</span>,
      match: typed?.matched.idCard ?? null,
    },
    {
      key: 'phone',
      field: t('bindings.phone'),
      typed: <span data-user-data>{typed?.phone}</span>,
      held: <HeldPhone row={row} />,
      match: typed?.matched.phone ?? null,
    },
    {
      key: 'email',
      field: t('bindings.email'),
      typed: <span data-user-data>{typed?.email}</span>,
      held: <Typography.Text type="secondary">{t('bindings.notHeld')}</Typography.Text>,
      match: null,
    },
  ];
  return (
    <Flex vertical gap={8} data-testid="binding-comparison">
      {!typed && <Typography.Text type="secondary">{t('bindings.noForm')}</Typography.Text>}
      <Table
        size="small"
        pagination={false}
        rowKey="key"
        dataSource={rows}
        style={{ maxWidth: 720 }}
        columns={[
          labelColumn({ title: t('bindings.field'), dataIndex: 'field' }),
          idColumn({ title: t('bindings.typed'), dataIndex: 'typed', userData: false }),
          idColumn({ title: t('bindings.held'), dataIndex: 'held', userData: false }),
          labelColumn({
            title: t('bindings.check'),
            dataIndex: 'match',
            render: (m: Match) => <MatchTag match={m} />,
          }),
        ]}
      />
    </Flex>
  );
}

/** The row's verdict at a glance: all typed fields match, or not; several people with one ID number. */
function CheckTags({ row }: { row: BindingReview }) {
  const { t } = useT();
  const matches = row.submitted ? Object.values(row.submitted.matched).filter((m) => m !== null) : [];
  return (
    <Space size={4} direction="vertical">
      {matches.length > 0 &&
        (matches.every(Boolean) ? (
          <Tag color="success">{t('bindings.allMatch')}</Tag>
        ) : (
          <Tag color="error">{t('bindings.someMismatch')}</Tag>
        ))}
      {row.sameIdCard > 1 && (
        <Tag color="warning" data-testid="binding-same-id">
          {t('bindings.sameIdCard', { count: row.sameIdCard })}
        </Tag>
      )}
    </Space>
  );
}

export default function BindingsPage() {
  const { t } = useT();
  const { message } = App.useApp();
  const [status, setStatus] = useState<BindingStatus>('pending');
  const paging = usePaging();
  const list = useBindings(status, paging.current, paging.size);
  const approve = useApproveBinding();
  const refuse = useRefuseBinding();
  const [refusing, setRefusing] = useState<BindingReview>();

  // Nothing sits under a fixed column: the row's facts are few, the comparison opens below it.
  const columns: TableColumnsType<BindingReview> = [
    textColumn({
      title: t('bindings.applicant'),
      key: 'account',
      text: (row) => row.nickName || row.account,
      render: (_, row) => (
        <>
          <Cut text={row.nickName || row.account} userData />
          <Cut text={row.account} userData secondary style={{ fontSize: 12 }} />
        </>
      ),
    }),
    labelColumn({
      title: t('bindings.userType'),
      dataIndex: 'userType',
      render: (type: string) => (TYPE_TEXT[type] ? t(TYPE_TEXT[type]) : type),
    }),
    personColumn({
      title: t('bindings.person'),
      key: 'person',
      name: (row) => row.personName,
      no: (row) => row.personNo,
    }),
    // Its tags wrap like text: a check says a sentence.
    textColumn({ title: t('bindings.check'), key: 'check', render: (_, row) => <CheckTags row={row} /> }),
    dateColumn({ title: t('bindings.createdAt'), dataIndex: 'createdAt' }),
    ...(status === 'pending'
      ? []
      : [dateColumn<BindingReview>({ title: t('bindings.decidedAt'), dataIndex: 'decidedAt' })]),
    ...(status === 'refused'
      ? [
          textColumn<BindingReview>({
            title: t('bindings.decisionNote'),
            key: 'decisionNote',
            text: (row) => row.decisionNote,
            userData: true,
          }),
        ]
      : []),
    ...(status === 'pending'
      ? [
          labelColumn<BindingReview>({
            title: t('common.actions'),
            key: 'actions',
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
          }),
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
        expandable={{
          expandedRowRender: (row) => <Comparison row={row} />,
          // Waiting requests are read whole: each opens to its comparison.
          ...(status === 'pending'
            ? { expandedRowKeys: list.data?.records.map((r) => r.id) ?? [], showExpandColumn: false }
            : {}),
        }}
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
