/** The order drawer: shows the order with its refunds, and refunds in fen, never more than is refundable. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { transport } from '@admin/lib/api-client';
import { OrderDrawer } from './order-drawer';

const ORDER = {
  id: 7,
  orderNo: 'F202601010001',
  orderType: 'FEE',
  createdAt: '2026-01-01T01:00:00.000Z',
  totalFen: 13_000,
  refundedFen: 3_000,
  userName: '张三',
  personName: '张三',
  payerName: '',
  paymentNo: '4200000001',
  paidAt: '2026-01-01T01:01:00.000Z',
  payMethod: 'wechat',
  channel: 'wechat',
  invoiceStatus: 'none',
  signatureStatus: 'none',
  payStatus: 'PAID',
  payStatusColor: 'success',
  expireAt: '2026-01-01T01:30:00.000Z',
  closedAt: null,
  closeReason: null,
  items: [
    {
      id: 1,
      receivableId: 1,
      feeItemId: null,
      name: '学费',
      nameEn: 'Tuition',
      priceFen: 13_000,
      quantity: 1,
      amountFen: 13_000,
      formData: {},
    },
  ],
  bills: [],
  personType: 'student',
  personId: 3,
  personNo: 'S2024001',
  refunds: [
    {
      id: 1,
      outRefundNo: 'R1',
      amountFen: 3_000,
      status: 'SUCCESS',
      reason: '多缴',
      createdAt: '2026-01-02T01:00:00.000Z',
    },
  ],
};

const ok = (data: unknown) =>
  Promise.resolve(new Response(JSON.stringify({ code: 200, success: true, data, msg: 'ok' })));

function renderDrawer() {
  const posts: unknown[] = [];
  vi.spyOn(transport, 'fetch').mockImplementation((url, init) => {
    if (init.method === 'POST') {
      posts.push(JSON.parse(String(init.body)));
      return ok({
        refundId: 2,
        outRefundNo: 'R2',
        amountFen: 1,
        status: 'SUCCESS',
        orderNo: ORDER.orderNo,
        totalFen: 13_000,
        refundedFen: 3_001,
        payStatus: 'PAID',
        payStatusColor: 'success',
      });
    }
    expect(url).toBe('/api/blade-finance/admin/order/7');
    return ok(ORDER);
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <OrderDrawer id={7} onClose={() => {}} />
    </QueryClientProvider>,
  );
  return posts;
}

// antd's first render in jsdom is slow on a busy machine.
describe('OrderDrawer', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the order, what was refunded and offers the rest', async () => {
    renderDrawer();
    expect(await screen.findByTestId('order-detail-no')).toHaveProperty('textContent', 'F202601010001');
    expect(screen.getByTestId('order-detail-refunded').textContent).toBe('¥30.00');
    expect(screen.getByTestId('order-refunds').textContent).toContain('多缴');
    expect((screen.getByTestId('refund-amount') as HTMLInputElement).value).toBe('100.00');
  });

  it('refuses more than is refundable and sends a part in fen', async () => {
    const posts = renderDrawer();
    const amount = (await screen.findByTestId('refund-amount')) as HTMLInputElement;
    fireEvent.change(amount, { target: { value: '100.01' } });
    fireEvent.click(screen.getByTestId('refund-submit'));
    expect(await screen.findByText('不能超过可退金额 ¥100.00')).toBeTruthy();
    expect(posts).toEqual([]);
    fireEvent.change(amount, { target: { value: '12.34' } });
    fireEvent.change(screen.getByTestId('refund-reason'), { target: { value: '部分退回' } });
    fireEvent.click(screen.getByTestId('refund-submit'));
    await waitFor(() => expect(posts).toEqual([{ amountFen: 1_234, reason: '部分退回' }]));
  });
});
