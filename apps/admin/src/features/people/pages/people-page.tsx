/**
 * People: the school's students and staff with ID numbers (masked), classes or departments, the phone the
 * school holds and the accounts bound to them; search, edit, disable and enable an account (its tokens
 * stop on its next request). Pending bindings have their own screen.
 */
import type { Person } from '@cf/shared/wire/admin-people';
import { Button, Flex, Input, Popconfirm, Segmented, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { Cut, Id, idColumn, labelColumn, personColumn, textColumn } from '@admin/components/columns';
import { Page } from '@admin/components/page';
import { useT } from '@admin/lib/i18n/use-t';
import { serverPagination } from '@admin/lib/use-paging';
import { usePeople, type PeopleQuery } from '../api/list-people';
import { useSetAccountEnabled } from '../api/set-account-enabled';
import { PersonForm } from '../components/person-form';

export default function PeoplePage() {
  const { t } = useT();
  const [query, setQuery] = useState<PeopleQuery>({ personType: 'student', current: 1, size: 20 });
  const [editing, setEditing] = useState<Person>();
  const people = usePeople(query);
  const setEnabled = useSetAccountEnabled();
  const student = query.personType === 'student';
  return (
    <Page title={t('people.heading')}>
      <Space wrap style={{ marginBottom: 16 }}>
        <Segmented
          value={query.personType}
          options={[
            { value: 'student', label: t('people.students') },
            { value: 'employee', label: t('people.staff') },
          ]}
          onChange={(personType) =>
            setQuery({ ...query, personType: personType as PeopleQuery['personType'], current: 1 })
          }
        />
        <Input.Search
          allowClear
          placeholder={t('people.searchPlaceholder')}
          style={{ width: 360 }}
          maxLength={64}
          data-testid="people-search"
          onSearch={(keyword) => setQuery({ ...query, keyword: keyword.trim(), current: 1 })}
        />
      </Space>
      <Table<Person>
        rowKey="id"
        loading={people.isFetching}
        dataSource={people.data?.records}
        data-testid="people-table"
        pagination={serverPagination(query, people.data?.total, (current, size) =>
          setQuery({ ...query, current, size }),
        )}
        columns={[
          // Fits 1024 px: the number under the name, the two actions one under the other.
          personColumn({
            title: t('people.nameAndNo'),
            key: 'name',
            name: (p) => p.name,
            no: (p) => p.personNo,
          }),
          idColumn({ title: t('people.idCard'), dataIndex: 'idCardMasked' }),
          student
            ? textColumn({
                title: t('people.className'),
                key: 'class',
                text: (p) => [p.major, p.className, p.startYear].filter(Boolean).join(' / '),
                userData: true,
              })
            : textColumn({
                title: t('people.department'),
                key: 'department',
                text: (p) => p.department,
                userData: true,
              }),
          idColumn({ title: t('people.phone'), dataIndex: 'phone' }),
          // Each account: its name (cut if long) over its phone, card, binding state and its switch.
          textColumn({
            title: t('people.accounts'),
            key: 'accounts',
            render: (_, p) => (
              <Flex vertical gap={8}>
                {p.accounts.map((a) => (
                  <div key={a.userId} data-testid={`account-${a.account}`}>
                    <Cut text={a.account} userData />
                    <Space size={4} wrap>
                      {a.financePhone ? <Id>{a.financePhone}</Id> : null}
                      {a.bankCardMasked ? <Id>{a.bankCardMasked}</Id> : null}
                      <Tag color={a.bindingStatus === 'active' ? 'green' : 'gold'}>
                        {t(`people.binding.${a.bindingStatus}` as never)}
                      </Tag>
                      {a.status === 1 ? (
                        <Popconfirm
                          title={t('people.disableConfirm')}
                          onConfirm={() => setEnabled.mutate({ userId: a.userId, enabled: false })}
                        >
                          <Button size="small" danger data-testid="account-disable">
                            {t('people.disable')}
                          </Button>
                        </Popconfirm>
                      ) : (
                        <>
                          <Tag color="red">{t('people.disabled')}</Tag>
                          <Button
                            size="small"
                            onClick={() => setEnabled.mutate({ userId: a.userId, enabled: true })}
                            data-testid="account-enable"
                          >
                            {t('people.enable')}
                          </Button>
                        </>
                      )}
                    </Space>
                  </div>
                ))}
              </Flex>
            ),
          }),
          labelColumn({
            title: t('common.actions'),
            key: 'actions',
            render: (_, p) => (
              <Flex vertical align="start">
                <Button type="link" size="small" onClick={() => setEditing(p)} data-testid="person-edit">
                  {t('people.edit')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  href={`#/fees?tab=receivables&personType=${p.personType}&personId=${p.id}`}
                >
                  {t('people.receivables')}
                </Button>
              </Flex>
            ),
          }),
        ]}
      />
      <PersonForm person={editing} onClose={() => setEditing(undefined)} />
    </Page>
  );
}
