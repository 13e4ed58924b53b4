/**
 * The order list's tabs (spec §2: All, Unpaid, Paid, Refunded, Expired, Processing). The server
 * knows which pay statuses each tab shows (ORDER_TABS); the app sends the tab's name.
 */
import { ORDER_TABS, type OrderTab } from '@cf/shared/fees';
import type { TextKey } from '@/lib/i18n/i18n';
import { PAGE_SIZE } from '@/lib/paging';

export const ORDER_TAB_KEYS = Object.keys(ORDER_TABS) as OrderTab[];

export const ORDER_TAB_TEXT: Record<OrderTab, TextKey> = {
  all: 'order.tab.all',
  unpaid: 'order.tab.unpaid',
  paid: 'order.tab.paid',
  refunded: 'order.tab.refunded',
  expired: 'order.tab.expired',
  processing: 'order.tab.processing',
};

/** The tab named in the address (?tab=...), or All. */
export const tabOf = (value: string | null | undefined): OrderTab =>
  ORDER_TAB_KEYS.includes(value as OrderTab) ? (value as OrderTab) : 'all';

/** My orders, or other people's orders (those I paid for someone else). */
export type OrderScope = 'mine' | 'other';

export const ORDER_LIST_URL: Record<OrderScope, string> = {
  mine: '/api/blade-finance/order/list',
  other: '/api/blade-finance/order/other-list',
};

/** The query of one page of a tab. */
export const orderListParams = (tab: OrderTab, current: number) => ({ tab, current, size: PAGE_SIZE });
