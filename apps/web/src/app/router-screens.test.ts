import { describe, expect, it } from 'vitest';
import { SCREENS } from './router';
import { BUILT_SCREENS, hasScreen } from '@/lib/routes';

describe('built screens', () => {
  it('are the screens the router has, so entries hide exactly the coming-soon ones', () => {
    expect(Object.keys(SCREENS).sort()).toEqual([...BUILT_SCREENS].sort());
  });

  it('tell a link to a built screen from one to a screen not built yet', () => {
    expect(hasScreen('/fee/other?category=recharge')).toBe(true);
    expect(hasScreen('/order/detail/7')).toBe(true);
    expect(hasScreen('/user/salary/index')).toBe(true);
    expect(hasScreen('/user/bank')).toBe(true);
    expect(hasScreen('/home/noticelist')).toBe(true);
    expect(hasScreen('/nowhere')).toBe(false);
  });
});
