import { describe, expect, it } from 'vitest';
import { can, flattenButtons, setPermissions } from './permissions';

describe('button permissions', () => {
  it('flattens the button tree into code -> true', () => {
    const tree = [
      {
        code: 'mobile',
        children: [{ code: 'mobile_fee', children: [{ code: 'fee_pay' }] }, { code: 'order_cancel' }],
      },
    ];
    expect(flattenButtons(tree)).toEqual({
      mobile: true,
      mobile_fee: true,
      fee_pay: true,
      order_cancel: true,
    });
    expect(flattenButtons(undefined)).toEqual({});
  });

  it('answers can(code) from the loaded map', () => {
    setPermissions({ fee_pay: true });
    expect(can('fee_pay')).toBe(true);
    expect(can('salary_view')).toBe(false);
  });
});
