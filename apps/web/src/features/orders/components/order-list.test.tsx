import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadFinanceTexts } from '@/lib/i18n/finance-texts';
import type { Page } from '@/lib/paging';
import type { OrderRecord } from '../api/get-orders';

vi.mock('@/lib/api-client', () => ({ requestData: vi.fn() }));
const { requestData } = await import('@/lib/api-client');
const { OrderList } = await import('./order-list');

const order = (id: number, payStatus: OrderRecord['payStatus']): OrderRecord => ({
  lastPayFailed: false,
  id,
  orderNo: `F${id}`,
  orderType: 'FEE',
  invoiceStatus: 'none',
  totalFen: 138_000,
  payStatus,
  payStatusColor: 'primary',
  createdAt: '2026-11-22T02:30:52.550Z',
  expireAt: '2026-11-22T03:00:52.550Z',
  personName: '张三',
  userName: '张三',
  itemsSummary: '2025-2026 学费',
});
const page = (records: OrderRecord[], current = 1, pages = 1): Page<OrderRecord> => ({
  records,
  total: records.length,
  size: 10,
  current,
  pages,
});

function Address() {
  const { pathname, search } = useLocation();
  return <output data-testid="address">{pathname + search}</output>;
}

function show(scope: 'mine' | 'other', entry = '/order/index') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <OrderList scope={scope} />
        <Address />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const calls = () =>
  vi.mocked(requestData).mock.calls.map(([config]) => ({ url: config.url, params: config.params }));

describe('order list', () => {
  beforeAll(() => loadFinanceTexts());
  beforeEach(() => {
    vi.mocked(requestData).mockReset();
  });

  it('asks for the tab chosen, and keeps it in the address', async () => {
    vi.mocked(requestData).mockImplementation(async (config) => {
      return page(
        config.params?.tab === 'unpaid' ? [order(2, 'NOT_PAY')] : [order(1, 'PAID'), order(2, 'NOT_PAY')],
      );
    });
    show('mine');
    await screen.findByText('F1');
    expect(calls()).toEqual([
      { url: '/api/blade-finance/order/list', params: { tab: 'all', current: 1, size: 10 } },
    ]);
    await act(async () => fireEvent.click(screen.getByText('待支付', { selector: '.adm-tabs-tab' })));
    await waitFor(() => expect(screen.queryByText('F1')).toBeNull());
    expect(screen.getAllByTestId('order-card').map((card) => card.dataset.status)).toEqual(['NOT_PAY']);
    expect(calls()[1]).toEqual({
      url: '/api/blade-finance/order/list',
      params: { tab: 'unpaid', current: 1, size: 10 },
    });
    expect(screen.getByTestId('address').textContent).toBe('/order/index?tab=unpaid');
  });

  it('other people’s orders come from their own list, starting at the tab in the address', async () => {
    vi.mocked(requestData).mockResolvedValue(page([]));
    show('other', '/order/other?tab=paid');
    await screen.findByText(/暂无他人订单/);
    expect(calls()).toEqual([
      { url: '/api/blade-finance/order/other-list', params: { tab: 'paid', current: 1, size: 10 } },
    ]);
  });
});
