import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageOf, renderPage, serve, signInAs } from '@admin/test/render';
import type { AdminBill } from '../api/get-bills';
import BillsPage from './bills-page';

const bill: AdminBill = {
  id: 5,
  billNo: 'O2026112400005',
  kind: 'CHARGE',
  project: '学费',
  projectEn: 'Tuition',
  priceFen: 50000,
  quantity: 1,
  amountFen: 50000,
  method: '银行转账',
  billDate: '2026-11-23T16:00:00.000Z',
  status: 1,
  statusColor: '',
  source: 'offline',
  orderId: null,
  note: '尾号 1234',
  receivableId: 3,
  personType: 'student',
  personId: 1,
  personName: '张三',
  createdAt: '2026-11-24T02:00:00.000Z',
};

describe('other-means bills page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the evidence before the decision, and approves the bill it shows', async () => {
    signInAs('clerk');
    const { calls } = serve({
      'GET /api/blade-finance/admin/bill/list': () => pageOf([bill]),
      'POST /api/blade-finance/admin/bill/5/review': () => ({ ...bill, status: 2 }),
    });
    renderPage(<BillsPage />);
    // The list itself offers no decision: only the evidence.
    const row = (await screen.findByText('O2026112400005')).closest('tr')!;
    expect(within(row).queryByRole('button', { name: '审核通过' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: '查看凭据' }));

    const evidence = await screen.findByTestId('bill-evidence');
    expect(evidence.textContent).toContain('尾号 1234');
    expect(evidence.textContent).toContain('2026-11-24');
    expect(evidence.textContent).toContain('¥500.00');
    fireEvent.click(screen.getByRole('button', { name: '审核通过' }));
    expect(await screen.findByText('审核通过后，这笔 ¥500.00 计入已缴。确定？')).toBeTruthy();
    fireEvent.click(within(screen.getByRole('tooltip')).getByRole('button', { name: '审核通过' }));
    await waitFor(() => expect(calls).toContain('POST /api/blade-finance/admin/bill/5/review'));
    expect(calls).not.toContain('POST /api/blade-finance/admin/bill/5/void');
  });
});
