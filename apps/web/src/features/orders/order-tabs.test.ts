import { ORDER_TABS } from '@cf/shared/fees';
import { describe, expect, it } from 'vitest';
import { ORDER_TAB_KEYS, orderListParams, tabOf } from './order-tabs';

describe('order list tabs (spec §2)', () => {
  it('are All, Unpaid, Paid, Refunded, Expired, Processing, each naming its pay statuses on the server', () => {
    expect(ORDER_TAB_KEYS).toEqual(['all', 'unpaid', 'paid', 'refunded', 'expired', 'processing']);
    expect(ORDER_TABS.expired).toEqual(['CLOSED']);
    expect(ORDER_TABS.processing).toEqual(['PAYING']);
  });

  it('ask for one page of one tab', () => {
    expect(orderListParams('unpaid', 2)).toEqual({ tab: 'unpaid', current: 2, size: 10 });
  });

  it('read the tab from the address, All when unknown', () => {
    expect(tabOf('refunded')).toBe('refunded');
    expect(tabOf(null)).toBe('all');
    expect(tabOf('NOT_PAY')).toBe('all');
  });
});
