import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadFinanceTexts } from '@/lib/i18n/finance-texts';
import { BillStatusTag, PayStatusTag } from './status-tag';

describe('status tags', () => {
  beforeAll(() => loadFinanceTexts());

  it('name the pay status in its colour', () => {
    render(<PayStatusTag status="PAYING" />);
    const tag = screen.getByTestId('pay-status');
    expect(tag.textContent).toBe('支付中');
    expect(tag.getAttribute('style')).toContain('--border-color: #6f86a6');
  });

  it('name the bill status in its colour', () => {
    render(<BillStatusTag status={1} />);
    const tag = screen.getByTestId('bill-status');
    expect(tag.textContent).toBe('待审核');
    expect(tag.getAttribute('style')).toContain('--text-color: var(--adm-color-warning');
  });
});
