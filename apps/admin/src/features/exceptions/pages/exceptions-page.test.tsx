import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageOf, renderPage, serve, signInAs } from '@admin/test/render';
import type { PaymentException } from '../api/get-exceptions';
import ExceptionsPage from './exceptions-page';

const open: PaymentException = {
  id: 41,
  orderId: 7,
  orderNo: 'CF2026112400001',
  channel: 'sandbox',
  transactionId: 'T-1',
  amountFen: 12345,
  kind: 'paid_after_close',
  status: 'open',
  note: '',
  refundNo: null,
  refundStatus: null,
  resolvedAt: null,
  createdAt: '2026-11-24T02:00:00.000Z',
};

const LIST = 'GET /api/blade-finance/admin/payment-exception/list';

describe('payment exceptions page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows a clerk the exception in words, without the refund a manager sends', async () => {
    signInAs('clerk');
    serve({ [LIST]: () => pageOf([open]) });
    renderPage(<ExceptionsPage />);
    const row = (await screen.findByText('订单关闭后付款')).closest('tr')!;
    expect(within(row).getByText('¥123.45')).toBeTruthy();
    expect(within(row).getByText('沙箱支付（演示）')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: '退款' })).toBeNull();
    expect(within(row).getByRole('button', { name: '线下处理' })).toBeTruthy();
  });

  it('fits 1024 px: kind and time under the order number, the channel under its transaction', async () => {
    signInAs('manager');
    serve({ [LIST]: () => pageOf([open]) });
    renderPage(<ExceptionsPage />);
    const row = (await screen.findByText('订单关闭后付款')).closest('tr')!;
    const cells = within(row).getAllByRole('cell');
    expect(cells).toHaveLength(4);
    expect(cells[0]!.textContent).toBe('CF2026112400001订单关闭后付款2026-11-24 10:00');
    expect(cells[1]!.textContent).toBe('¥123.45');
    expect(cells[2]!.textContent).toBe('T-1沙箱支付（演示）');
    const titles = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(titles).toEqual(['订单号 / 类型 / 发生时间', '金额', '渠道流水号 / 支付渠道', '操作']);
  });

  it('lets a manager refund it', async () => {
    signInAs('manager');
    const { calls } = serve({
      [LIST]: () => pageOf([open]),
      'POST /api/blade-finance/admin/payment-exception/refund/41': () => ({ ...open, status: 'refunded' }),
    });
    renderPage(<ExceptionsPage />);
    const row = (await screen.findByText('订单关闭后付款')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '退款' }));
    expect(await screen.findByText('将 ¥123.45 原路退回付款人。确定退款？')).toBeTruthy();
    fireEvent.click(within(screen.getByRole('tooltip')).getByRole('button', { name: '退款' }));
    await waitFor(() => expect(calls).toContain('POST /api/blade-finance/admin/payment-exception/refund/41'));
  });

  it('asks for a note before settling, in the shared rule’s words, and sends it trimmed', async () => {
    signInAs('clerk');
    const sent: unknown[] = [];
    serve({
      [LIST]: () => pageOf([open]),
      'POST /api/blade-finance/admin/payment-exception/resolve/41': (body) => {
        sent.push(body);
        return { ...open, status: 'resolved' };
      },
    });
    renderPage(<ExceptionsPage />);
    fireEvent.click(await screen.findByRole('button', { name: '线下处理' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '线下处理' }));
    expect(await within(dialog).findByText('备注不能为空')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '  已现金退还  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '线下处理' }));
    await waitFor(() => expect(sent).toEqual([{ note: '已现金退还' }]));
  });
});
