import { describe, expect, it } from 'vitest';
import { billStatusTagColor, INFO_TAG_COLOR, payStatusTagColor } from './status-colors';

describe('status colours (spec §9)', () => {
  it('pay status: NOT_PAY primary, PAID success, PAYING info, REFUND warning, CLOSED danger', () => {
    expect(payStatusTagColor('NOT_PAY')).toBe('primary');
    expect(payStatusTagColor('PAID')).toBe('success');
    expect(payStatusTagColor('REFUND')).toBe('warning');
    expect(payStatusTagColor('CLOSED')).toBe('danger');
    // antd-mobile's Tag has no "info": a grey-blue instead.
    expect(payStatusTagColor('PAYING')).toBe(INFO_TAG_COLOR);
    expect(INFO_TAG_COLOR).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it('bill status: 0 danger, 1 warning, 2 success', () => {
    expect([0, 1, 2].map(billStatusTagColor)).toEqual(['danger', 'warning', 'success']);
  });
});
