/**
 * One person's receivables: find the person (number, name, ID number), then every receivable with its
 * summary; a finance manager may waive, reduce or defer each (never below what is paid or on its way).
 */
import { adjustWaitsForPayments } from '@cf/shared/fees';
import type { AdminReceivable } from '@cf/shared/wire/admin-fees';
import { Button, Empty, Flex, Input, Segmented, Space, Table, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { Cut, labelColumn, moneyColumn, SecondLine, textColumn } from '@admin/components/columns';
import { useT } from '@admin/lib/i18n/use-t';
import { allows } from '@admin/lib/roles';
import { useSession } from '@admin/lib/use-session';
import type { AdjustKind } from '../api/adjust-receivable';
import { useFindPeople } from '../api/find-people';
import { useReceivables } from '../api/list-receivables';
import { AdjustDialog } from './adjust-dialog';

export function ReceivablesPanel({
  personType,
  personId,
  onPerson,
}: {
  personType: 'student' | 'employee';
  personId: number | undefined;
  onPerson: (personType: 'student' | 'employee', personId: number | undefined) => void;
}) {
  const { t, language } = useT();
  const { level } = useSession();
  const manager = allows(level, 'manager');
  const [keyword, setKeyword] = useState('');
  const found = useFindPeople(personType, keyword);
  const receivables = useReceivables(personType, personId);
  const [adjusting, setAdjusting] = useState<{ receivable: AdminReceivable; kind: AdjustKind }>();
  return (
    <div>
      <Space wrap style={{ marginBottom: 16 }}>
        <Segmented
          value={personType}
          options={[
            { value: 'student', label: t('people.students') },
            { value: 'employee', label: t('people.staff') },
          ]}
          onChange={(v) => onPerson(v as 'student' | 'employee', undefined)}
        />
        <Input.Search
          allowClear
          placeholder={t('fees.findPerson')}
          style={{ width: 320 }}
          maxLength={64}
          onSearch={(v) => setKeyword(v.trim())}
          data-testid="receivables-person-search"
        />
        {found.data?.records.map((p) => (
          <Button
            key={p.id}
            type={p.id === personId ? 'primary' : 'default'}
            onClick={() => onPerson(personType, p.id)}
            data-testid="receivables-person"
          >
            <span data-user-data>
              {p.personNo} {p.name}
            </span>
          </Button>
        ))}
      </Space>
      {personId === undefined ? (
        <Empty description={t('fees.pickPerson')} />
      ) : (
        <Table<AdminReceivable>
          rowKey="id"
          loading={receivables.isFetching}
          dataSource={receivables.data}
          pagination={false}
          data-testid="receivables-table"
          columns={[
            // Fits 1024 px: the school year under the item, the adjustments one under the other.
            textColumn({
              title: t('fees.itemAndYear'),
              key: 'item',
              render: (_, r) => (
                <>
                  <Cut text={language === 'en' && r.itemNameEn ? r.itemNameEn : r.itemName} userData />
                  <SecondLine kind="id">{r.schoolYear}</SecondLine>
                </>
              ),
            }),
            moneyColumn({ title: t('fees.payable'), key: 'payable', fen: (r) => r.summary.payable }),
            moneyColumn({ title: t('fees.reduction'), key: 'reduction', fen: (r) => r.summary.reduction }),
            moneyColumn({ title: t('fees.deferred'), key: 'deferred', fen: (r) => r.summary.deferred }),
            moneyColumn({
              title: t('fees.received'),
              key: 'received',
              fen: (r) => r.summary.received - r.summary.refund,
            }),
            moneyColumn({ title: t('fees.owed'), key: 'owed', fen: (r) => r.summary.receivable }),
            moneyColumn({
              title: t('fees.onTheWay'),
              key: 'held',
              fen: (r) => r.openOrderFen + r.pendingReviewFen,
            }),
            labelColumn({
              title: t('common.actions'),
              key: 'actions',
              render: (_, r) =>
                manager ? (
                  <Flex vertical align="start">
                    {(['waive', 'reduce', 'defer'] as const).map((kind) => (
                      <Button
                        key={kind}
                        type="link"
                        size="small"
                        disabled={(kind === 'defer' ? r.deferrableFen : r.adjustableFen) <= 0}
                        onClick={() => setAdjusting({ receivable: r, kind })}
                        data-testid={`adjust-${kind}`}
                      >
                        {t(`fees.adjust.${kind}`)}
                      </Button>
                    ))}
                    {adjustWaitsForPayments(r.summary, {
                      openOrderFen: r.openOrderFen,
                      pendingReviewFen: r.pendingReviewFen,
                    }) ? (
                      <Tooltip title={t('fees.adjustAfterPaymentsWhy')}>
                        <Typography.Text
                          type="secondary"
                          style={{ display: 'block', fontSize: 12, maxWidth: 64, whiteSpace: 'normal' }}
                          data-testid="adjust-after-payments"
                        >
                          {t('fees.adjustAfterPayments')}
                        </Typography.Text>
                      </Tooltip>
                    ) : null}
                  </Flex>
                ) : (
                  <Typography.Text type="secondary">{t('fees.managerOnly')}</Typography.Text>
                ),
            }),
          ]}
        />
      )}
      <AdjustDialog
        receivable={adjusting?.receivable}
        kind={adjusting?.kind ?? 'reduce'}
        onClose={() => setAdjusting(undefined)}
      />
    </div>
  );
}
