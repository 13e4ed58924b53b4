import { addPayNow, payNowOf, type FeeSummary } from '@cf/shared/fees';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadFinanceTexts } from '@/lib/i18n/finance-texts';
import type { StudentFees } from '../api/get-student-fees';

const createOrder = vi.fn();
vi.mock('../api/get-student-fees', () => ({ useStudentFees: () => ({ data: fees, isPending: false }) }));
vi.mock('../api/create-fee-order', () => ({
  useCreateFeeOrder: () => ({ mutateAsync: createOrder, isPending: false }),
}));
vi.mock('@/lib/feedback', () => ({
  toastFail: vi.fn(),
  toastSuccess: vi.fn(),
  toastText: vi.fn(),
  beginLoading: vi.fn(),
  endLoading: vi.fn(),
  clearLoading: vi.fn(),
}));
const feedback = await import('@/lib/feedback');
const { default: StudentFeePage } = await import('./student-fee-page');

const summary = (receivable: number, over: Partial<FeeSummary> = {}): FeeSummary => ({
  payable: receivable,
  reduction: 0,
  deferred: 0,
  deferredDeduction: 0,
  received: 0,
  refund: 0,
  receivable,
  pending: receivable,
  ...over,
});
const item = (receivableId: number, name: string, availableFen: number, allowPartial: boolean) => ({
  receivableId,
  category: 'FEE',
  schoolYear: '2025-2026',
  itemCode: name,
  itemName: name,
  itemNameEn: name,
  allowPartial,
  dueDate: '2025-09-29T16:00:00.000Z',
  summary: summary(availableFen),
  openOrderFen: 0,
  openOrders: [],
  pendingReviewFen: 0,
  availableFen,
  payNow: payNowOf(summary(availableFen), { openOrderFen: 0, pendingReviewFen: 0 }),
});
const items = [item(3, '学费', 450_000, true), item(4, '住宿费', 120_000, false)];
const fees: StudentFees = {
  summary: summary(570_000, { payable: 1_278_000, deferred: 200_000, received: 560_000 }),
  payNow: addPayNow(items.map((i) => i.payNow)),
  years: [
    {
      schoolYear: '2025-2026',
      summary: summary(570_000),
      payNow: addPayNow(items.map((i) => i.payNow)),
      items,
    },
  ],
};

function Address() {
  const { pathname, search } = useLocation();
  return <output data-testid="address">{pathname + search}</output>;
}

function show() {
  render(
    <MemoryRouter initialEntries={['/fee/index']}>
      <Routes>
        <Route path="/fee/index" element={<StudentFeePage />} />
        <Route path="*" element={<Address />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('student fee page', () => {
  beforeAll(() => loadFinanceTexts());
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it('leads with what can be paid now, the summary of spec §3 folded behind what each term means', () => {
    show();
    expect(screen.getByTestId('pay-now-amount').textContent).toBe('¥5,700.00');
    expect(screen.queryByTestId('fee-summary')).toBeNull();
    const toggle = screen.getByRole('button', { name: '金额说明' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const grid = screen.getByTestId('fee-summary');
    const amount = (key: string) =>
      grid.querySelector(`[data-amount="${key}"] [data-role="amount"]`)!.textContent;
    // The eight figures, each explained, and what can be paid now as the last line.
    expect(grid.querySelectorAll('dt')).toHaveLength(9);
    expect(grid.textContent).toContain('应缴');
    expect(grid.textContent).toContain('学校为该项目开出的费用');
    expect(grid.textContent).toContain('缓缴抵扣');
    expect(grid.textContent).toContain('“全选”即缴纳此金额');
    expect(amount('payable')).toBe('¥12,780.00');
    expect(amount('receivable')).toBe('¥5,700.00');
    expect(amount('payNow')).toBe('¥5,700.00');
    expect(screen.getByText('2025-2026 学年')).toBeTruthy();
  });

  it('refuses a part amount above the receivable, with the spec’s message', async () => {
    show();
    fireEvent.click(document.getElementById('fee-pick-3')!);
    const amount = screen.getByRole('textbox', { name: '学费的缴费金额' }) as HTMLInputElement;
    expect(amount.value).toBe('4500.00');
    fireEvent.change(amount, { target: { value: '4500.01' } });
    await act(async () => fireEvent.click(screen.getByTestId('fee-pay')));
    expect(feedback.toastFail).toHaveBeenCalledWith('支付金额不能大于应收金额');
    expect(createOrder).not.toHaveBeenCalled();
  });

  it('orders the picked items (a part amount only where allowed) and goes to the cashier', async () => {
    createOrder.mockResolvedValue({ orderId: 9, orderNo: 'F9', totalFen: 220_000, expireAt: '' });
    show();
    fireEvent.click(document.getElementById('fee-pick-3')!);
    fireEvent.change(screen.getByRole('textbox', { name: '学费的缴费金额' }), { target: { value: '1000' } });
    fireEvent.click(document.getElementById('fee-pick-4')!);
    expect(screen.getByTestId('fee-selected-total').textContent).toBe('¥2,200.00');
    await act(async () => fireEvent.click(screen.getByTestId('fee-pay')));
    expect(createOrder).toHaveBeenCalledWith([{ receivableId: 3, amountFen: 100_000 }, { receivableId: 4 }]);
    expect(screen.getByTestId('address').textContent).toBe('/pay?orderNo=F9&orderId=9');
  });

  it('"all" picks every item with something to pay: the headline', () => {
    show();
    fireEvent.click(screen.getByText('全选'));
    expect(screen.getByTestId('fee-selected-total').textContent).toBe('¥5,700.00');
    expect(screen.getByTestId('fee-selected-total').textContent).toBe(
      screen.getByTestId('pay-now-amount').textContent,
    );
  });
});

describe('the part amount as it is typed', () => {
  it('refuses a third decimal and a second point, and says at once when it is above what is owed', () => {
    show();
    fireEvent.click(document.getElementById('fee-pick-3')!);
    const amount = screen.getByRole('textbox', { name: '学费的缴费金额' }) as HTMLInputElement;
    fireEvent.change(amount, { target: { value: '12.34' } });
    fireEvent.change(amount, { target: { value: '12.345' } });
    expect(amount.value).toBe('12.34');
    fireEvent.change(amount, { target: { value: '1.2' } });
    fireEvent.change(amount, { target: { value: '1.2.3' } });
    expect(amount.value).toBe('1.2');
    expect(screen.queryByTestId('amount-error')).toBeNull();
    // The running total follows what is typed.
    expect(screen.getByTestId('fee-selected-total').textContent).toBe('¥1.20');

    fireEvent.change(amount, { target: { value: '4500.01' } });
    expect(screen.getByTestId('amount-error').textContent).toBe('支付金额不能大于应收金额');
    fireEvent.change(amount, { target: { value: '0' } });
    expect(screen.getByTestId('amount-error').textContent).toBe('请输入正确的支付金额');
    fireEvent.change(amount, { target: { value: '4500' } });
    expect(screen.queryByTestId('amount-error')).toBeNull();
    expect(screen.getByTestId('fee-selected-total').textContent).toBe('¥4,500.00');
  });
});
