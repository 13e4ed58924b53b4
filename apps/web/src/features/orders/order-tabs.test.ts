import { ORDER_TABS } from '@cf/shared/fees';
import { describe, expect, it } from 'vitest';
import { financeEn } from '@/lib/i18n/finance-en';
import { financeZh } from '@/lib/i18n/finance-zh';
import { ORDER_TAB_KEYS, orderListParams, orderTabText, tabOf } from './order-tabs';

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

  it('say a state with the same word as the order tag, in each language (PAYING is one word)', () => {
    expect(orderTabText('processing')).toBe('payStatus.PAYING');
    expect(orderTabText('unpaid')).toBe('payStatus.NOT_PAY');
    expect(financeZh[orderTabText('processing') as keyof typeof financeZh]).toBe('支付中');
    expect(financeEn[orderTabText('processing') as keyof typeof financeEn]).toBe('Processing');
    // No second name for a state is left in the dictionaries.
    const words = (dict: Record<string, string>) =>
      Object.keys(dict).filter((key) => /^order\.tab\.(?!all$)|^fee\.inProgress$/.test(key));
    expect(words(financeZh)).toEqual([]);
    expect(words(financeEn)).toEqual([]);
  });

  it('name the tab of expired and cancelled orders Closed', () => {
    expect(ORDER_TABS.expired).toEqual(['CLOSED']);
    expect(financeZh[orderTabText('expired') as keyof typeof financeZh]).toBe('已关闭');
    expect(financeEn[orderTabText('expired') as keyof typeof financeEn]).toBe('Closed');
  });
});
