import type { Bill } from '@cf/shared/wire/fee';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BillCard } from './bill-card';

const bill = (over: Partial<Bill>): Bill =>
  ({
    id: 1,
    kind: 'CHARGE',
    project: '学费',
    projectEn: 'Tuition',
    billDate: '2025-09-01T16:00:00.000Z',
    method: 'sandbox',
    priceFen: 100_000,
    quantity: 1,
    amountFen: 100_000,
    billNo: 'B1',
    status: 2,
    ...over,
  }) as Bill;

describe('a bill as the payer sees it', () => {
  it('shows no staff badge once reviewed, and says awaiting review or void when it is', () => {
    const { unmount } = render(<BillCard bill={bill({ status: 2 })} />);
    expect(screen.queryByTestId('bill-status')).toBeNull();
    unmount();
    render(<BillCard bill={bill({ status: 1 })} />);
    expect(screen.getByTestId('bill-status').dataset.status).toBe('1');
  });

  it('gives an other-means payment its day only, an online one its time', () => {
    const { unmount } = render(<BillCard bill={bill({ method: 'bank_transfer' })} />);
    expect(screen.getByText('2025-09-02')).toBeTruthy();
    expect(screen.queryByText(/00:00/)).toBeNull();
    unmount();
    render(<BillCard bill={bill({ method: 'sandbox' })} />);
    expect(screen.getByText('2025-09-02 00:00')).toBeTruthy();
  });
});
