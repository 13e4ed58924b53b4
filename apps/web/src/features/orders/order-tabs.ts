/**
 * The order list's tabs (spec §2: All, Unpaid, Paid, Refunded, Expired, Processing). The server
 * knows which pay statuses each tab shows (ORDER_TABS); the app sends the tab's name. A tab of one
 * status is named with that status's word; the "expired" tab holds every CLOSED order (expired or
 * cancelled), so it reads Closed (docs/decisions.md).
 */
import { ORDER_TABS, type OrderTab } from '@cf/shared/fees';
import { PAY_STATUS_TEXT } from '@/components/finance/pay-status-text';
import type { TextKey } from '@/lib/i18n/i18n';
import { PAGE_SIZE } from '@/lib/paging';

export const ORDER_TAB_KEYS = Object.keys(ORDER_TABS) as OrderTab[];

export const orderTabText = (tab: OrderTab): TextKey =>
  tab === 'all' ? 'order.tab.all' : PAY_STATUS_TEXT[ORDER_TABS[tab][0]];

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
