/**
 * The order drawer and its refund form: the amount starts empty ("全额" fills what is still refundable,
 * a refund in flight held back), amount, kind and reason are required, and nothing is sent before a
 * confirmation that names the payer, the amount, the channel and that it cannot be undone.
 */
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
  payerName: '李四',
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
      kind: 'refundOnly',
      status: 'SUCCESS',
      reason: '多缴',
      createdAt: '2026-01-02T01:00:00.000Z',
    },
    {
      id: 2,
      outRefundNo: 'R2',
      amountFen: 1_000,
      kind: 'reduceReceivable',
      status: 'PROCESSING',
      reason: '退宿',
      createdAt: '2026-01-03T01:00:00.000Z',
    },
  ],
  // 130.00 paid, 30.00 refunded, 10.00 still at the channel.
  refundableFen: 9_000,
};

const ok = (data: unknown) =>
  Promise.resolve(new Response(JSON.stringify({ code: 200, success: true, data, msg: 'ok' })));

function renderDrawer() {
  const posts: unknown[] = [];
  vi.spyOn(transport, 'fetch').mockImplementation((url, init) => {
    if (init.method === 'POST') {
      posts.push(JSON.parse(String(init.body)));
      return ok({
        refundId: 3,
        outRefundNo: 'R3',
        amountFen: 1_234,
        kind: 'reduceReceivable',
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

  it('shows the order and its refunds, with the amount empty; 全额 fills what is still refundable', async () => {
    renderDrawer();
    expect(await screen.findByTestId('order-detail-no')).toHaveProperty('textContent', 'F202601010001');
    expect(screen.getByTestId('order-detail-refunded').textContent).toBe('¥30.00');
    const refunds = screen.getByTestId('order-refunds').textContent;
    expect(refunds).toContain('多缴');
    expect(refunds).toContain('仅退款');
    expect(refunds).toContain('退费并核减应收');
    const amount = screen.getByTestId('refund-amount') as HTMLInputElement;
    expect(amount.value).toBe('');
    expect(screen.getByText('最多可退 ¥90.00')).toBeTruthy();
    fireEvent.click(screen.getByTestId('refund-all'));
    // Paid less refunded less the refund still in flight, not the order total.
    await waitFor(() => expect(amount.value).toBe('90.00'));
  });

  it('sends nothing on one click: amount, kind and reason are required', async () => {
    const posts = renderDrawer();
    fireEvent.click(await screen.findByTestId('refund-submit'));
    // antd shows a field's error after its motion: give it longer than findBy's default second.
    const slow = { timeout: 5_000 };
    expect(await screen.findByText('请输入退款金额', {}, slow)).toBeTruthy();
    expect(await screen.findByText('请选择退款类型：退费并核减应收，或仅退款', {}, slow)).toBeTruthy();
    expect(await screen.findByText('请填写退款原因（将随退款告知缴费人）', {}, slow)).toBeTruthy();
    fireEvent.change(screen.getByTestId('refund-amount'), { target: { value: '90.01' } });
    expect(await screen.findByText('不能超过可退金额 ¥90.00', {}, slow)).toBeTruthy();
    fireEvent.change(screen.getByTestId('refund-reason'), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('refund-submit'));
    await waitFor(() => expect(screen.getAllByText('请填写退款原因（将随退款告知缴费人）')).toHaveLength(1));
    expect(screen.queryByTestId('refund-confirm-body')).toBeNull();
    expect(posts).toEqual([]);
  });

  it('confirms with the payer, amount, channel and that it cannot be undone; then sends the kind in fen', async () => {
    const posts = renderDrawer();
    fireEvent.change(await screen.findByTestId('refund-amount'), { target: { value: '12.34' } });
    fireEvent.click(screen.getByLabelText(/退费并核减应收/));
    fireEvent.change(screen.getByTestId('refund-reason'), { target: { value: '退宿' } });
    fireEvent.click(screen.getByTestId('refund-submit'));

    const body = await screen.findByTestId('refund-confirm-body');
    expect(screen.getByTestId('refund-confirm-payer').textContent).toBe('李四');
    expect(screen.getByTestId('refund-confirm-amount').textContent).toBe('¥12.34');
    expect(screen.getByTestId('refund-confirm-channel').textContent).toBe('微信支付');
    expect(body.textContent).toContain('退费并核减应收');
    expect(screen.getByTestId('refund-confirm-warning').textContent).toContain('不能撤销');
    expect(posts).toEqual([]);

    fireEvent.click(screen.getByTestId('refund-confirm'));
    await waitFor(() =>
      expect(posts).toEqual([{ amountFen: 1_234, reason: '退宿', kind: 'reduceReceivable' }]),
    );
    // After a part refund the form is empty again: no order total refilled, no error shown.
    expect(await screen.findByTestId('refund-done')).toHaveProperty(
      'textContent',
      '已退款 ¥12.34（退费并核减应收）',
    );
    await waitFor(() => expect((screen.getByTestId('refund-amount') as HTMLInputElement).value).toBe(''));
    expect(screen.queryByText(/不能超过可退金额/)).toBeNull();
    expect(screen.queryByText('请输入退款金额')).toBeNull();
  });

  it('cancelling the confirmation sends nothing and keeps what was typed', async () => {
    const posts = renderDrawer();
    fireEvent.change(await screen.findByTestId('refund-amount'), { target: { value: '5' } });
    fireEvent.click(screen.getByLabelText(/仅退款/));
    fireEvent.change(screen.getByTestId('refund-reason'), { target: { value: '重复缴费' } });
    fireEvent.click(screen.getByTestId('refund-submit'));
    await screen.findByTestId('refund-confirm-body');
    fireEvent.click(screen.getByTestId('refund-cancel'));
    // antd keeps a closing dialog's last content in jsdom (no animation end): wait a moment, then check.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(posts).toEqual([]);
    expect((screen.getByTestId('refund-amount') as HTMLInputElement).value).toBe('5');
  });
});
