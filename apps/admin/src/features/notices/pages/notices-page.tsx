/**
 * Notices: every notice of the school with its status, category, audience and release time; write a
 * new one or edit one in the drawer (editor, phone preview, files), publish or withdraw from the list.
 */
import { PlusOutlined } from '@ant-design/icons';
import type { AdminNotice } from '@cf/shared/wire/notice';
import { App, Button, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { countColumn, Cut, dateColumn, labelColumn, textColumn } from '@admin/components/columns';
import { Page } from '@admin/components/page';
import { useT } from '@admin/lib/i18n/use-t';
import { serverPagination } from '@admin/lib/use-paging';
import { useNoticeCategories } from '../api/list-categories';
import { useNotices, type NoticeFilter } from '../api/list-notices';
import { usePublishNotice } from '../api/publish-notice';
import { useWithdrawNotice } from '../api/withdraw-notice';
import { AUDIENCE_TEXT, NoticeEditorDrawer, STATUS_COLOR } from '../components/notice-editor-drawer';

const STATUSES: AdminNotice['status'][] = ['draft', 'published', 'withdrawn'];

export default function NoticesPage() {
  const { t } = useT();
  const { message } = App.useApp();
  const [filter, setFilter] = useState<NoticeFilter>({ current: 1, size: 10 });
  const notices = useNotices(filter);
  const categories = useNoticeCategories();
  const publish = usePublishNotice();
  const withdraw = useWithdrawNotice();
  /** undefined: closed; null: a new notice; a number: that notice. */
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const categoryName = (key: string) => categories.data?.find((c) => c.key === key)?.name ?? key;

  return (
    <Page
      title={t('notices.heading')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          {t('notices.new')}
        </Button>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Select<AdminNotice['status'] | ''>
          aria-label={t('notices.filter.status')}
          style={{ width: 160 }}
          value={filter.status ?? ''}
          onChange={(status) => setFilter((f) => ({ ...f, current: 1, status: status || undefined }))}
          options={[
            { value: '', label: t('notices.filter.allStatuses') },
            ...STATUSES.map((s) => ({ value: s, label: t(`notices.status.${s}`) })),
          ]}
        />
        <Select
          aria-label={t('notices.filter.category')}
          style={{ width: 180 }}
          value={filter.category ?? ''}
          onChange={(category) => setFilter((f) => ({ ...f, current: 1, category: category || undefined }))}
          options={[
            { value: '', label: t('notices.filter.allCategories') },
            ...(categories.data ?? []).map((c) => ({ value: c.key, label: c.name })),
          ]}
        />
      </Space>
      <Table<AdminNotice>
        rowKey="id"
        data-testid="notices-table"
        loading={notices.isFetching}
        dataSource={notices.data?.records ?? []}
        pagination={serverPagination(filter, notices.data?.total, (current, size) =>
          setFilter((f) => ({ ...f, current, size })),
        )}
        columns={[
          textColumn({
            title: t('notices.column.title'),
            dataIndex: 'title',
            render: (title: string, row) => <Cut text={title} userData onClick={() => setEditing(row.id)} />,
          }),
          textColumn({
            title: t('notices.column.category'),
            key: 'category',
            text: (row) => categoryName(row.category),
            userData: true,
          }),
          labelColumn({
            title: t('common.status'),
            dataIndex: 'status',
            render: (status: AdminNotice['status']) => (
              <Tag color={STATUS_COLOR[status]}>{t(`notices.status.${status}`)}</Tag>
            ),
          }),
          textColumn({
            title: t('notices.column.audience'),
            key: 'audience',
            text: ({ audience }) =>
              audience.length === 0
                ? t('notices.audience.all')
                : audience
                    .map((a) => (a in AUDIENCE_TEXT ? t(AUDIENCE_TEXT[a as keyof typeof AUDIENCE_TEXT]) : a))
                    .join(t('notices.audience.separator')),
          }),
          dateColumn({ title: t('notices.column.releaseTime'), dataIndex: 'releaseTime' }),
          countColumn({
            title: t('notices.column.files'),
            key: 'files',
            render: (_: unknown, row) => row.attachments.length,
          }),
          labelColumn({
            title: t('common.actions'),
            key: 'actions',
            render: (_: unknown, row) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditing(row.id)}>
                  {row.status === 'withdrawn' ? t('notices.view') : t('notices.edit')}
                </Button>
                {row.status === 'draft' ? (
                  <Popconfirm
                    title={t('notices.publishConfirm')}
                    okText={t('notices.publish')}
                    cancelText={t('common.cancel')}
                    onConfirm={() =>
                      publish.mutateAsync(row.id).then(() => message.success(t('notices.publishedNow')))
                    }
                  >
                    <Button type="link" size="small">
                      {t('notices.publish')}
                    </Button>
                  </Popconfirm>
                ) : null}
                {row.status === 'published' ? (
                  <Popconfirm
                    title={t('notices.withdrawConfirm')}
                    okText={t('notices.withdraw')}
                    okButtonProps={{ danger: true }}
                    cancelText={t('common.cancel')}
                    onConfirm={() =>
                      withdraw.mutateAsync(row.id).then(() => message.success(t('notices.withdrawnNow')))
                    }
                  >
                    <Button type="link" size="small" danger>
                      {t('notices.withdraw')}
                    </Button>
                  </Popconfirm>
                ) : null}
              </Space>
            ),
          }),
        ]}
      />
      <NoticeEditorDrawer noticeId={editing} onClose={() => setEditing(undefined)} />
    </Page>
  );
}
