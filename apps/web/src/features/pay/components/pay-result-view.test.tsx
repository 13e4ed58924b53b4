import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadFinanceTexts } from '@/lib/i18n/finance-texts';
import type { PayStatusReply } from '../api/get-pay-status';
import { POLL_INTERVAL_MS, POLL_LIMIT_MS } from '../pay-result';

vi.mock('@/lib/api-client', () => ({ requestData: vi.fn() }));
const { requestData } = await import('@/lib/api-client');
const { PayResultView } = await import('./pay-result-view');
const { queryClient } = await import('@/lib/query-client');

const reply = (result: PayStatusReply['result'], payStatus: PayStatusReply['payStatus']): PayStatusReply => ({
  lastPayFailed: result === 'failed',
  orderNo: 'F1',
  payStatus,
  payStatusColor: 'info',
  paidAt: result === 'paid' ? '2026-11-22T02:40:00.000Z' : null,
  result,
  secondsLeft: 1200,
  totalFen: 1_234_500,
  items: [
    { name: '学费', nameEn: 'Tuition', priceFen: 1_200_000, quantity: 1, amountFen: 1_200_000 },
    { name: '教材费', nameEn: 'Textbooks', priceFen: 17_250, quantity: 2, amountFen: 34_500 },
  ],
  createdAt: '2026-11-22T02:30:00.000Z',
  personName: '张三',
  payerName: '张三妈妈',
  payMethod: { channel: 'sandbox', name: '沙箱支付（演示）', nameEn: 'Sandbox payment (demo)' },
});

function show(client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PayResultView pay={{ orderNo: 'F1', view: 'result', payAuthToken: 'tok' }} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const poll = async () => {
  await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
  // Let the answer reach the screen (the query library notifies on a timer of its own).
  await act(() => vi.advanceTimersByTimeAsync(50));
};

describe('payment result page', () => {
  beforeAll(() => loadFinanceTexts());
  beforeEach(() => {
    vi.useFakeTimers();
    vi.mocked(requestData).mockReset();
  });
  afterEach(() => vi.useRealTimers());

  it('polls while processing and stops once paid', async () => {
    vi.mocked(requestData)
      .mockResolvedValueOnce(reply('processing', 'PAYING'))
      .mockResolvedValueOnce(reply('processing', 'PAYING'))
      .mockResolvedValue(reply('paid', 'PAID'));
    show();
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.getByTestId('pay-result').dataset.result).toBe('processing');
    expect(screen.getByText('支付处理中')).toBeTruthy();
    await poll();
    expect(requestData).toHaveBeenCalledTimes(2);
    await poll();
    expect(requestData).toHaveBeenCalledTimes(3);
    expect(screen.getByTestId('pay-result').dataset.result).toBe('paid');
    expect(screen.getByText('支付成功')).toBeTruthy();
    expect(requestData).toHaveBeenCalledTimes(3);
    // Final: no more polling.
    await act(() => vi.advanceTimersByTimeAsync(10 * POLL_INTERVAL_MS));
    expect(requestData).toHaveBeenCalledTimes(3);
    // The pay link travels in its header, never in the address.
    expect(vi.mocked(requestData).mock.calls[0]![0]).toMatchObject({
      url: '/api/blade-finance/pay/status',
      params: { orderNo: 'F1' },
      headers: { 'Pay-Auth-Token': 'tok' },
    });
  });

  it('shows a failed payment at once, without polling', async () => {
    vi.mocked(requestData).mockResolvedValue(reply('failed', 'PAYING'));
    show();
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.getByText('支付失败')).toBeTruthy();
    expect(screen.getByTestId('pay-again')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(5 * POLL_INTERVAL_MS));
    expect(requestData).toHaveBeenCalledTimes(1);
  });

  it('stays on a final result: refreshing money afterwards never brings "processing" back', async () => {
    // The app's own client: the page refreshes every finance query once the result is final.
    queryClient.clear();
    let inFlight = 0;
    let most = 0;
    const answers = [reply('processing', 'PAYING'), reply('failed', 'PAYING')];
    vi.mocked(requestData).mockImplementation(async () => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 10));
      inFlight--;
      return answers.shift() ?? reply('processing', 'PAYING');
    });
    show(queryClient);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByTestId('pay-result').dataset.result).toBe('processing');
    await poll();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByTestId('pay-result').dataset.result).toBe('failed');
    await act(() => vi.advanceTimersByTimeAsync(10 * POLL_INTERVAL_MS));
    expect(screen.getByTestId('pay-result').dataset.result).toBe('failed');
    expect(screen.getByText('支付失败')).toBeTruthy();
    expect(requestData).toHaveBeenCalledTimes(2);
    expect(most).toBe(1);
    queryClient.clear();
  });

  it('shows what was paid: amount, items, order no, time, person, payer and method', async () => {
    vi.mocked(requestData).mockResolvedValue(reply('paid', 'PAID'));
    show();
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.getByTestId('pay-result-amount').textContent).toMatch(/¥12,?345\.00/);
    for (const text of ['学费', '教材费', 'F1', '张三', '张三妈妈', '沙箱支付（演示）', '支付时间'])
      expect(screen.getByText(text)).toBeTruthy();
  });

  it('gives up after the time limit and offers to check again', async () => {
    vi.mocked(requestData).mockResolvedValue(reply('processing', 'PAYING'));
    show();
    await act(() => vi.advanceTimersByTimeAsync(POLL_LIMIT_MS + POLL_INTERVAL_MS));
    const calls = vi.mocked(requestData).mock.calls.length;
    expect(calls).toBeGreaterThan(10);
    await act(() => vi.advanceTimersByTimeAsync(10 * POLL_INTERVAL_MS));
    expect(requestData).toHaveBeenCalledTimes(calls);
    expect(screen.getByTestId('pay-check-again')).toBeTruthy();
  });
});
