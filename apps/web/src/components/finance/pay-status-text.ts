/**
 * The one word for each order pay status (spec §4), per language: the order tag, the order list's
 * tabs and the fee rows all say a state with these keys, so a state never has two names.
 */
import type { PayStatus } from '@cf/shared/fees';
import type { TextKey } from '@/lib/i18n/i18n';

export const PAY_STATUS_TEXT: Record<PayStatus, TextKey> = {
  NOT_PAY: 'payStatus.NOT_PAY',
  PAYING: 'payStatus.PAYING',
  PAID: 'payStatus.PAID',
  REFUND: 'payStatus.REFUND',
  CLOSED: 'payStatus.CLOSED',
};
