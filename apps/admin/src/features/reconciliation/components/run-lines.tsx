/** A run's difference lines: what the statement says beside what we recorded. */
import type { ReconciliationLine } from '@cf/shared/wire/admin-reconciliation';
import { TRADE_STATE_LABELS } from '@cf/shared/labels/pay';
import { yuanDigits } from '@cf/shared/money';
import { Table, Tag } from 'antd';
import { idColumn, labelColumn, moneyColumn } from '@admin/components/columns';
import { useT } from '@admin/lib/i18n/use-t';
import { useLabel } from '@admin/lib/labels';

const money = (fen: number | null) => (fen === null ? '—' : yuanDigits(fen));
const COLORS = { statement_only: 'red', ours_only: 'orange', amount: 'gold', state: 'purple' } as const;

export function RunLines({ lines, loading }: { lines: ReconciliationLine[]; loading: boolean }) {
  const { t } = useT();
  const label = useLabel();
  return (
    <Table<ReconciliationLine>
      rowKey="id"
      size="small"
      loading={loading}
      dataSource={lines}
      pagination={false}
      data-testid="reconciliation-lines"
      columns={[
        labelColumn({
          title: t('reconcile.col.kind'),
          dataIndex: 'kind',
          render: (k: 'payment' | 'refund') => t(`reconcile.kind.${k}`),
        }),
        labelColumn({
          title: t('reconcile.col.difference'),
          dataIndex: 'difference',
          render: (d: ReconciliationLine['difference']) => (
            <Tag color={COLORS[d]}>{t(`reconcile.diff.${d}`)}</Tag>
          ),
        }),
        idColumn({ title: t('reconcile.col.outNo'), dataIndex: 'outNo' }),
        idColumn({
          title: t('reconcile.col.transactionId'),
          dataIndex: 'transactionId',
          render: (v: string | null) => v ?? '—',
        }),
        moneyColumn({ title: t('reconcile.col.statementYuan'), dataIndex: 'statementFen', render: money }),
        moneyColumn({ title: t('reconcile.col.ourYuan'), dataIndex: 'ourFen', render: money }),
        labelColumn({
          title: t('reconcile.col.statementState'),
          dataIndex: 'statementState',
          render: (v: string | null) => (v ? label(TRADE_STATE_LABELS, v) : '—'),
        }),
        labelColumn({
          title: t('reconcile.col.ourState'),
          dataIndex: 'ourState',
          render: (v: string | null) => (v ? label(TRADE_STATE_LABELS, v) : '—'),
        }),
      ]}
    />
  );
}
