/**
 * Signatures on fee items: a switch per fee item of the school asking for the payer's signature, and
 * whether before payment (the order cannot be paid until signed) or after it. Orders read the flag
 * live: a change holds for every order from now on.
 */
import type { FeeItemSignature } from '@cf/shared/wire/signature';
import { App, Radio, Switch, Table, Tag, Typography } from 'antd';
import { labelColumn, textColumn } from '@admin/components/columns';
import { Page } from '@admin/components/page';
import { useT } from '@admin/lib/i18n/use-t';
import { useFeeItemSignatures } from '../api/list-fee-item-signatures';
import { useSetFeeItemSignature } from '../api/set-fee-item-signature';

type Timing = NonNullable<FeeItemSignature['timing']>;

export default function SignaturesPage() {
  const { t, language } = useT();
  const { message } = App.useApp();
  const items = useFeeItemSignatures();
  const set = useSetFeeItemSignature();
  const change = (row: FeeItemSignature, timing: FeeItemSignature['timing']) =>
    set.mutate(
      { feeItemId: row.feeItemId, timing },
      { onSuccess: () => void message.success(t('signatures.changed')) },
    );
  const nameOf = (row: FeeItemSignature) => (language === 'en' && row.nameEn ? row.nameEn : row.name);
  const busy = (row: FeeItemSignature) => set.isPending && set.variables?.feeItemId === row.feeItemId;
  return (
    <Page title={t('signatures.heading')}>
      <Typography.Paragraph type="secondary">{t('signatures.intro')}</Typography.Paragraph>
      <Table<FeeItemSignature>
        rowKey="feeItemId"
        data-testid="fee-item-signatures"
        loading={items.isFetching}
        dataSource={items.data ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        columns={[
          textColumn({ title: t('signatures.item'), key: 'name', text: nameOf, userData: true }),
          labelColumn({
            title: t('common.status'),
            dataIndex: 'status',
            render: (status: number) =>
              status === 1 ? (
                <Tag color="green">{t('signatures.onSale')}</Tag>
              ) : (
                <Tag>{t('signatures.offSale')}</Tag>
              ),
          }),
          labelColumn({
            title: t('signatures.asks'),
            key: 'asks',
            render: (_: unknown, row) => (
              <Switch
                checked={row.timing !== null}
                loading={busy(row)}
                aria-label={t('signatures.asksFor', { name: nameOf(row) })}
                onChange={(on) => change(row, on ? 'after_pay' : null)}
              />
            ),
          }),
          labelColumn({
            title: t('signatures.timing'),
            key: 'timing',
            render: (_: unknown, row) => (
              <Radio.Group
                value={row.timing}
                disabled={row.timing === null || busy(row)}
                onChange={(event) => change(row, event.target.value as Timing)}
                options={[
                  { value: 'before_pay', label: t('signatures.beforePay') },
                  { value: 'after_pay', label: t('signatures.afterPay') },
                ]}
              />
            ),
          }),
        ]}
      />
    </Page>
  );
}
