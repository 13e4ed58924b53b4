/**
 * Fees: the catalogue of comprehensive items (manual, enrolment, top-up) with their form fields and
 * limits, and one person's receivables with waivers, reductions and deferrals (a manager's).
 * The tab and the person are in the address (#/fees?tab=receivables&personType=student&personId=3).
 */
import { formatYuan } from '@cf/shared/money';
import type { AdminFeeItem } from '@cf/shared/wire/admin-fees';
import { Button, Input, Select, Space, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { countColumn, labelColumn, moneyColumn, textColumn } from '@admin/components/columns';
import { Page } from '@admin/components/page';
import { useT } from '@admin/lib/i18n/use-t';
import { serverPagination } from '@admin/lib/use-paging';
import { useFeeItems, type FeeItemQuery } from '../api/list-fee-items';
import { FeeItemForm } from '../components/fee-item-form';
import { ReceivablesPanel } from '../components/receivables-panel';

export default function FeesPage() {
  const { t, language } = useT();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'receivables' ? 'receivables' : 'items';
  const personType = params.get('personType') === 'employee' ? 'employee' : 'student';
  const personId = Number(params.get('personId')) || undefined;
  const [query, setQuery] = useState<FeeItemQuery>({ current: 1, size: 20 });
  const [editing, setEditing] = useState<{ item?: AdminFeeItem }>();
  const items = useFeeItems(query);
  const setAddress = (next: Record<string, string | undefined>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value === undefined) merged.delete(key);
      else merged.set(key, value);
    }
    setParams(merged);
  };
  const price = (item: AdminFeeItem) =>
    item.kind === 'topup'
      ? `${formatYuan(item.minFen)} – ${formatYuan(item.maxFen)}`
      : formatYuan(item.priceFen);
  return (
    <Page title={t('fees.heading')}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setAddress({ tab: key })}
        items={[
          {
            key: 'items',
            label: t('fees.items'),
            children: (
              <>
                <Space wrap style={{ marginBottom: 16 }}>
                  <Select
                    allowClear
                    placeholder={t('fees.kind')}
                    style={{ width: 140 }}
                    options={(['manual', 'enroll', 'topup'] as const).map((k) => ({
                      value: k,
                      label: t(`fees.kind.${k}`),
                    }))}
                    onChange={(kind?: string) => setQuery({ ...query, kind, current: 1 })}
                  />
                  <Select
                    allowClear
                    placeholder={t('common.status')}
                    style={{ width: 140 }}
                    options={[
                      { value: 1, label: t('fees.onSale') },
                      { value: 0, label: t('fees.withdrawn') },
                    ]}
                    onChange={(status?: number) => setQuery({ ...query, status, current: 1 })}
                  />
                  <Input.Search
                    allowClear
                    placeholder={t('fees.name')}
                    maxLength={64}
                    onSearch={(keyword) => setQuery({ ...query, keyword: keyword.trim(), current: 1 })}
                  />
                  <Button type="primary" onClick={() => setEditing({})} data-testid="fee-item-new">
                    {t('fees.newItem')}
                  </Button>
                </Space>
                <Table<AdminFeeItem>
                  rowKey="id"
                  loading={items.isFetching}
                  dataSource={items.data?.records}
                  data-testid="fee-items-table"
                  pagination={serverPagination(query, items.data?.total, (current, size) =>
                    setQuery({ ...query, current, size }),
                  )}
                  columns={[
                    labelColumn({
                      title: t('fees.kind'),
                      dataIndex: 'kind',
                      render: (k: string) => t(`fees.kind.${k}` as never),
                    }),
                    textColumn({
                      title: t('fees.name'),
                      key: 'name',
                      text: (i) => (language === 'en' && i.nameEn ? i.nameEn : i.name),
                      userData: true,
                    }),
                    moneyColumn({ title: t('fees.priceYuan'), key: 'price', render: (_, i) => price(i) }),
                    countColumn({
                      title: t('fees.formFields'),
                      key: 'fields',
                      render: (_, i) => i.formFields.length,
                    }),
                    labelColumn({
                      title: t('common.status'),
                      dataIndex: 'status',
                      render: (s: number) =>
                        s === 1 ? (
                          <Tag color="green">{t('fees.onSale')}</Tag>
                        ) : (
                          <Tag>{t('fees.withdrawn')}</Tag>
                        ),
                    }),
                    labelColumn({
                      title: t('common.actions'),
                      key: 'actions',
                      render: (_, item) => (
                        <Button size="small" onClick={() => setEditing({ item })}>
                          {t('fees.editItem')}
                        </Button>
                      ),
                    }),
                  ]}
                />
              </>
            ),
          },
          {
            key: 'receivables',
            label: t('fees.receivables'),
            children: (
              <ReceivablesPanel
                personType={personType}
                personId={personId}
                onPerson={(type, id) =>
                  setAddress({ personType: type, personId: id === undefined ? undefined : String(id) })
                }
              />
            ),
          },
        ]}
      />
      <FeeItemForm open={!!editing} item={editing?.item} onClose={() => setEditing(undefined)} />
    </Page>
  );
}
