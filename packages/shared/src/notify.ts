/**
 * Messages to one person when something happens (issue 28): the event kinds, the groups a person can
 * turn off in Mine (security ones cannot be), and the screen of the app each message opens. A
 * `reminder` is the finance office's fee reminder (催缴), one per person and item a day
 * (server modules/reminder).
 */
export const NOTIFY_KINDS = [
  'receipt',
  'refund',
  'invoice',
  'bindingApproved',
  'bindingRefused',
  'billApproved',
  'billVoided',
  'salary',
  'phoneChanged',
  'bankCardChanged',
  'reminder',
] as const;
export type NotifyKind = (typeof NOTIFY_KINDS)[number];

/** What Mine › 消息通知 lists: each group on or off per person; `security` is always on. */
export const NOTIFY_GROUPS = [
  'receipts',
  'refunds',
  'invoices',
  'binding',
  'bills',
  'salary',
  'reminders',
] as const;
export type NotifyGroup = (typeof NOTIFY_GROUPS)[number];

export const NOTIFY_GROUP_OF: Record<NotifyKind, NotifyGroup | 'security'> = {
  receipt: 'receipts',
  refund: 'refunds',
  invoice: 'invoices',
  bindingApproved: 'binding',
  bindingRefused: 'binding',
  billApproved: 'bills',
  billVoided: 'bills',
  salary: 'salary',
  phoneChanged: 'security',
  bankCardChanged: 'security',
  reminder: 'reminders',
};

/** Whether a person who turned off `off` still receives a message of `kind`. */
export function wantsMessage(kind: NotifyKind, off: readonly string[]): boolean {
  const group = NOTIFY_GROUP_OF[kind];
  return group === 'security' || !off.includes(group);
}

/** The app's screen a message opens: a hash route of apps/web (lib/routes.ts), under the tenant's app address. */
export function notifyLink(kind: NotifyKind, data: Record<string, string>): string {
  switch (kind) {
    case 'receipt':
    case 'refund':
      return data.orderId ? `#/order/detail/${data.orderId}` : '#/order/index';
    case 'invoice':
      return data.orderId ? `#/order/invoice/${data.orderId}` : '#/order/index';
    case 'bindingApproved':
    case 'bindingRefused':
      return '#/register';
    case 'billApproved':
    case 'billVoided':
      return '#/order/other';
    case 'salary':
      return '#/user/salary/index';
    case 'reminder':
      return data.category === 'OTHER' ? '#/fee/other' : '#/fee/index';
    default:
      return '#/user/index';
  }
}
