/**
 * The money codes people see, in both languages: how a payment was made (an online channel or an
 * other-means method), what an order is for, the order's, bill's and refund's states.
 */
import type {
  BillKind,
  BillStatus,
  OfflinePayMethod,
  OrderType,
  PayChannelName,
  PayStatus,
  RefundState,
} from '../fees';
import type { LabelTable } from './label';

/** Online channels (wire/pay.ts PAY_CHANNEL_NAMES) and other-means methods (fees.ts OFFLINE_PAY_METHODS). */
export const PAY_METHOD_LABELS: LabelTable<PayChannelName | OfflinePayMethod> = {
  wechat: { zh: '微信支付', en: 'WeChat Pay' },
  alipay: { zh: '支付宝', en: 'Alipay' },
  sandbox: { zh: '沙箱支付（演示）', en: 'Sandbox payment (demo)' },
  bank_transfer: { zh: '银行转账', en: 'Bank transfer' },
  cash: { zh: '现金', en: 'Cash' },
  pos: { zh: '刷卡（POS）', en: 'Card (POS)' },
  other: { zh: '其他方式', en: 'Other' },
};

export const ORDER_TYPE_LABELS: LabelTable<OrderType> = {
  FEE: { zh: '学生缴费', en: 'Student fees' },
  OTHER: { zh: '综合缴费', en: 'Comprehensive payment' },
};

export const PAY_STATUS_LABELS: LabelTable<PayStatus> = {
  NOT_PAY: { zh: '待支付', en: 'Unpaid' },
  PAYING: { zh: '支付中', en: 'Processing' },
  PAID: { zh: '已支付', en: 'Paid' },
  REFUND: { zh: '已退款', en: 'Refunded' },
  CLOSED: { zh: '已关闭', en: 'Closed' },
};

export const BILL_STATUS_LABELS: LabelTable<`${BillStatus}`> = {
  0: { zh: '已作废', en: 'Void' },
  1: { zh: '待审核', en: 'Awaiting review' },
  2: { zh: '已审核', en: 'Reviewed' },
};

export const BILL_KIND_LABELS: LabelTable<BillKind> = {
  CHARGE: { zh: '收费', en: 'Charge' },
  REFUND: { zh: '退费', en: 'Refund' },
};

export const REFUND_STATE_LABELS: LabelTable<RefundState> = {
  PROCESSING: { zh: '退款中', en: 'In progress' },
  SUCCESS: { zh: '已退款', en: 'Refunded' },
  FAILED: { zh: '退款失败', en: 'Failed' },
};

/**
 * A trade's or refund's state as a channel's statement or our attempt says it (reconciliation):
 * WeChat Pay's trade_state and refund status, and our attempts' OPEN | CLOSED | PAID.
 */
export const TRADE_STATES = [
  'SUCCESS',
  'REFUND',
  'NOTPAY',
  'CLOSED',
  'REVOKED',
  'USERPAYING',
  'PAYERROR',
  'PROCESSING',
  'FAILED',
  'ABNORMAL',
  'OPEN',
  'PAID',
] as const;
export type TradeState = (typeof TRADE_STATES)[number];

export const TRADE_STATE_LABELS: LabelTable<TradeState> = {
  SUCCESS: { zh: '成功', en: 'Succeeded' },
  REFUND: { zh: '转入退款', en: 'Refunded' },
  NOTPAY: { zh: '未支付', en: 'Not paid' },
  CLOSED: { zh: '已关闭', en: 'Closed' },
  REVOKED: { zh: '已撤销', en: 'Revoked' },
  USERPAYING: { zh: '用户支付中', en: 'Payer paying' },
  PAYERROR: { zh: '支付失败', en: 'Payment failed' },
  PROCESSING: { zh: '处理中', en: 'Processing' },
  FAILED: { zh: '失败', en: 'Failed' },
  ABNORMAL: { zh: '异常', en: 'Abnormal' },
  OPEN: { zh: '进行中', en: 'Open' },
  PAID: { zh: '已支付', en: 'Paid' },
};
