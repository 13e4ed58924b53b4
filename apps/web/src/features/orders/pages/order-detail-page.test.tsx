import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadFinanceTexts } from '@/lib/i18n/finance-texts';

// The detail's own blocks (signature, rating, invoice) ask the server for their state: here they wait,
// so nothing reaches the network or a toast after the test has ended.
vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof import('@/lib/api-client')>()),
  request: vi.fn(() => new Promise(() => undefined)),
  requestData: vi.fn(() => new Promise(() => undefined)),
}));
import type { OrderDetail } from '../api/get-order-detail';
import { OrderView } from './order-detail-page';

const unpaid: OrderDetail = {
  id: 7,
  orderNo: 'F2025',
  orderType: 'FEE',
  createdAt: '2025-09-01T02:00:00.000Z',
  totalFen: 1_234_500,
  refundedFen: 0,
  userName: 'student1',
  personName: '张三',
  payerName: '',
  paymentNo: null,
  paidAt: null,
  payMethod: null,
  channel: null,
  invoiceStatus: 'none',
  signatureStatus: 'none',
  payStatus: 'NOT_PAY',
  lastPayFailed: false,
  payStatusColor: 'primary',
  expireAt: '2025-09-01T02:30:00.000Z',
  closedAt: null,
  closeReason: null,
  items: [],
  bills: [],
};

function show(order: OrderDetail, other = false) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <OrderView order={order} other={other} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('an unpaid order’s detail', () => {
  beforeAll(() => loadFinanceTexts());

  it('leaves out the facts it does not have yet instead of showing "—"', () => {
    show(unpaid);
    const facts = screen.getByRole('region', { name: '订单信息' });
    expect(facts.textContent).not.toContain('—');
    for (const label of ['付款人', '支付流水号', '支付时间', '支付方式'])
      expect(facts.textContent).not.toContain(label);
    expect(facts.textContent).toContain('绑定用户张三');
    expect(within(facts).getByTestId('order-no').textContent).toContain('F2025');
  });

  it('keeps pay, share and cancel together in one action bar, after everything else', () => {
    show(unpaid);
    const bar = screen.getByRole('group', { name: '订单操作' });
    expect(within(bar).getByTestId('order-continue-pay')).toBeTruthy();
    expect(within(bar).getByTestId('order-share')).toBeTruthy();
    expect(within(bar).getByTestId('order-cancel')).toBeTruthy();
    expect(bar.parentElement!.lastElementChild).toBe(bar);
  });

  it('has no action bar once the order is settled, or when it is someone else’s', () => {
    show({
      ...unpaid,
      payStatus: 'PAID',
      payerName: '李四',
      paymentNo: 'P1',
      paidAt: unpaid.createdAt,
      payMethod: 'wechat',
    });
    expect(screen.queryByTestId('order-actions')).toBeNull();
    expect(screen.getByRole('region', { name: '订单信息' }).textContent).toContain('付款人李四');
  });
});

describe('the order number', () => {
  beforeAll(() => loadFinanceTexts());

  it('sits on one line of its own with a copy button that copies it', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    show({ ...unpaid, orderNo: 'F2026112721121863899172' });
    const value = screen.getByTestId('order-no-value');
    expect(value.textContent).toBe('F2026112721121863899172');
    screen.getByTestId('order-no-copy').click();
    await vi.waitFor(() => expect(writeText).toHaveBeenCalledWith('F2026112721121863899172'));
    await vi.waitFor(() => expect(screen.getByTestId('order-no-copy').textContent).toBe('已复制'));
  });
});
