/**
 * Spec §9 status colours as antd-mobile Tag colours. The spec's PAYING colour is "info", which
 * antd-mobile's Tag does not have: it gets a grey-blue.
 */
import { BILL_STATUS_COLORS, PAY_STATUS_COLORS, type PayStatus } from '@cf/shared/fees';

export const INFO_TAG_COLOR = '#6f86a6';

type SpecColor = (typeof PAY_STATUS_COLORS)[PayStatus] | (typeof BILL_STATUS_COLORS)[0 | 1 | 2];

export const tagColorOf = (color: SpecColor): string => (color === 'info' ? INFO_TAG_COLOR : color);

export const payStatusTagColor = (status: PayStatus): string => tagColorOf(PAY_STATUS_COLORS[status]);

/** Bill status 0 void, 1 not reviewed, 2 reviewed; anything else shows as not reviewed. */
export const billStatusTagColor = (status: number): string =>
  tagColorOf(BILL_STATUS_COLORS[(status === 0 || status === 2 ? status : 1) as 0 | 1 | 2]);
