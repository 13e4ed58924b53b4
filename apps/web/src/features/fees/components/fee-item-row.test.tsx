import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { INFO_TAG_COLOR } from '@/components/finance/status-colors';
import { loadFinanceTexts } from '@/lib/i18n/finance-texts';
import type { Receivable } from '../api/fee-types';
import { FeeItemRow } from './fee-item-row';

const receivable = (over: Partial<Receivable>): Receivable => ({
  receivableId: 5,
  category: 'FEE',
  schoolYear: '2025-2026',
  itemCode: 'DORM',
  itemName: '住宿费',
  itemNameEn: 'Accommodation',
  allowPartial: false,
  dueDate: null,
  summary: {
    payable: 120_000,
    reduction: 0,
    deferred: 0,
    deferredDeduction: 0,
    received: 0,
    refund: 0,
    receivable: 120_000,
    pending: 120_000,
  },
  openOrderFen: 0,
  openOrders: [],
  pendingReviewFen: 0,
  payNow: { payNowFen: 120_000, inOrdersFen: 0, inReviewFen: 0, deferredOwedFen: 0 },
  availableFen: 120_000,
  ...over,
});

function show(item: Receivable) {
  render(
    <MemoryRouter>
      <ul>
        <FeeItemRow item={item} amountText={undefined} onPick={() => {}} onAmount={() => {}} />
      </ul>
    </MemoryRouter>,
  );
}

describe('a fee row whose order is open', () => {
  beforeAll(() => loadFinanceTexts());

  it('says PAYING in its own word and info colour, with the order’s amount and a link to that order', () => {
    show(
      receivable({
        availableFen: 0,
        openOrderFen: 120_000,
        openOrders: [
          { orderId: 77, orderNo: 'F77', payStatus: 'PAYING', lastPayFailed: false, amountFen: 120_000 },
        ],
      }),
    );
    const row = screen.getByTestId('fee-item-5');
    // Not "unpaid order", not green like a settled fee.
    expect(row.textContent).not.toContain('待支付');
    expect(row.textContent).not.toContain('已缴清');
    const tags = within(row).getAllByTestId('pay-status');
    for (const tag of tags) {
      expect(tag.textContent).toBe('支付中');
      expect(tag.getAttribute('style')).toContain(`--border-color: ${INFO_TAG_COLOR}`);
    }
    // Said once, on the order (issue 22: it used to be said twice).
    expect(tags.length).toBe(1);
    const order = within(row).getByTestId('open-order');
    expect(order.dataset.status).toBe('PAYING');
    expect(order.textContent).toContain('订单 ¥1,200.00');
    expect(within(order).getByRole('link', { name: '查看订单' }).getAttribute('href')).toBe(
      '/order/detail/77',
    );
    expect(row.textContent).toContain('¥1,200.00');
  });

  it('says an unpaid order in the primary colour and links to it', () => {
    show(
      receivable({
        availableFen: 100_000,
        openOrderFen: 20_000,
        openOrders: [
          { orderId: 8, orderNo: 'F8', payStatus: 'NOT_PAY', lastPayFailed: false, amountFen: 20_000 },
        ],
      }),
    );
    const order = screen.getByTestId('open-order');
    expect(within(order).getByTestId('pay-status').textContent).toBe('待支付');
    expect(within(order).getByTestId('pay-status').getAttribute('style')).toContain('--adm-color-primary');
    expect(order.textContent).toContain('订单 ¥200.00');
    expect(within(order).getByRole('link', { name: '查看订单' }).getAttribute('href')).toBe(
      '/order/detail/8',
    );
    expect(within(order).getByRole('link', { name: '去支付' }).getAttribute('href')).toBe(
      '/pay?orderNo=F8&orderId=8',
    );
    expect(within(order).queryByTestId('last-pay-failed')).toBeNull();
  });

  it('says an order whose last payment failed is unpaid again, and offers to pay it again', () => {
    show(
      receivable({
        availableFen: 0,
        openOrderFen: 120_000,
        openOrders: [
          { orderId: 9, orderNo: 'F9', payStatus: 'NOT_PAY', lastPayFailed: true, amountFen: 120_000 },
        ],
      }),
    );
    const row = screen.getByTestId('fee-item-5');
    expect(row.textContent).not.toContain('支付中');
    expect(
      within(row)
        .getAllByTestId('pay-status')
        .map((tag) => tag.textContent),
    ).toEqual(['待支付']);
    expect(within(row).getByTestId('last-pay-failed').textContent).toBe('上次支付未成功');
    expect(within(row).getByRole('link', { name: '重新支付' }).getAttribute('href')).toBe(
      '/pay?orderNo=F9&orderId=9',
    );
  });

  it('is green only when settled', () => {
    show(receivable({ availableFen: 0, summary: { ...receivable({}).summary, receivable: 0 } }));
    expect(screen.getByTestId('fee-item-5').textContent).toContain('已缴清');
    expect(screen.queryByTestId('pay-status')).toBeNull();
  });
});
