import { describe, expect, it } from 'vitest';
import { newOrderNo } from './order-no';

describe('order numbers', () => {
  it('fit the channels’ out_trade_no (letters and digits, at most 32) and start with the type', () => {
    const at = new Date('2025-09-01T08:30:15.123Z');
    expect(newOrderNo('FEE', at)).toMatch(/^F20250901083015\d{9}$/);
    expect(newOrderNo('OTHER', at)).toMatch(/^O20250901083015\d{9}$/);
  });

  it('differ within one second (the unique column catches the rare repeat)', () => {
    const at = new Date();
    const numbers = new Set(Array.from({ length: 2_000 }, () => newOrderNo('FEE', at)));
    expect(numbers.size).toBeGreaterThan(1_990);
  });
});
