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

const reply = (result: PayStatusReply['result'], payStatus: PayStatusReply['payStatus']): PayStatusReply => ({
  orderNo: 'F1',
  payStatus,
  payStatusColor: 'info',
  paidAt: result === 'paid' ? '2026-11-22T02:40:00.000Z' : null,
  result,
  secondsLeft: 1200,
});

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
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
