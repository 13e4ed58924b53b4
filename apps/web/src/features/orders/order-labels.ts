/** Words for an order's states: invoice (the list's card) and why an order closed. */
import type { TextKey } from '@/lib/i18n/i18n';

const INVOICE: Record<string, TextKey> = {
  none: 'order.invoice.none',
  requested: 'order.invoice.requested',
  issued: 'order.invoice.issued',
  failed: 'invoice.state.failed',
};

const CLOSE_REASON: Record<string, TextKey> = {
  expired: 'order.closeReason.expired',
  cancelled: 'order.closeReason.cancelled',
};

type Translate = (key: TextKey) => string;
const label = (map: Record<string, TextKey>, value: string | null | undefined, t: Translate) =>
  value ? (map[value] ? t(map[value]) : value) : '';

export const invoiceText = (status: string, t: Translate) => label(INVOICE, status, t);
export const closeReasonText = (reason: string | null, t: Translate) => label(CLOSE_REASON, reason, t);
