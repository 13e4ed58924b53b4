import type { AdminReceivable } from '@cf/shared/wire/admin-fees';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, serve, signInAs } from '@admin/test/render';
import { ReceivablesPanel } from './receivables-panel';

/** 500 owed, 200 of it deferred, 300 in an open order: nothing to pay now. */
const held: AdminReceivable = {
  id: 9,
  category: 'FEE',
  schoolYear: '2026-2027',
  itemCode: 'TUITION',
  itemName: '学费',
  itemNameEn: 'Tuition',
  allowPartial: true,
  dueDate: null,
  summary: {
    payable: 50_000,
    reduction: 0,
    deferred: 20_000,
    deferredDeduction: 0,
    received: 0,
    refund: 0,
    receivable: 50_000,
    pending: 30_000,
  },
  openOrderFen: 30_000,
  pendingReviewFen: 0,
  adjustableFen: 0,
  deferrableFen: 0,
};
const LIST = 'GET /api/blade-finance/admin/person/5/receivables';

describe('a person’s receivables', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says why nothing can be waived while payments are on their way and the rest is deferred', async () => {
    signInAs('manager');
    serve({ [LIST]: () => [held] });
    renderPage(<ReceivablesPanel personType="student" personId={5} onPerson={() => undefined} />);
    const row = (await screen.findByText('学费')).closest('tr')!;
    for (const name of ['免除', '减免', '缓缴'])
      expect(within(row).getByRole('button', { name }).hasAttribute('disabled'), name).toBe(true);
    const hint = within(row).getByTestId('adjust-after-payments');
    expect(hint.textContent).toBe('支付完成后可减免');
    fireEvent.mouseEnter(hint);
    expect(
      await screen.findByText('有支付中的订单或待审核的缴费，其余为缓缴：待其完成后可减免'),
    ).toBeTruthy();
  });

  it('offers a manager what can be paid now while payments are on their way, and no hint', async () => {
    signInAs('manager');
    const partly = {
      ...held,
      summary: { ...held.summary, pending: 30_000 },
      openOrderFen: 10_000,
      adjustableFen: 20_000,
      deferrableFen: 20_000,
    };
    serve({ [LIST]: () => [partly] });
    renderPage(<ReceivablesPanel personType="student" personId={5} onPerson={() => undefined} />);
    const row = (await screen.findByText('学费')).closest('tr')!;
    expect(within(row).queryByTestId('adjust-after-payments')).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: '减免' }));
    expect(await screen.findByText(/最多可调整 ¥200\.00/)).toBeTruthy();
  });
});
