/**
 * Messages to one person (issue 28): the short SMS texts (the sign name is the provider's, added by
 * the school's SMS account), the WeChat template titles of the demo stand-in and Mine › 消息通知.
 */
export const notifyMessages = {
  'notify.sms.receipt': {
    zh: '您已成功缴费：{item} {amount} 元，订单号 {orderNo}，{time}。',
    en: 'Payment received: {item} ¥{amount}, order {orderNo}, {time}.',
  },
  'notify.sms.refund': {
    zh: '您的退款 {amount} 元已退回（订单号 {orderNo}），{time}。',
    en: 'Your refund of ¥{amount} is done (order {orderNo}), {time}.',
  },
  'notify.sms.invoice': {
    zh: '您的电子票据已开具（订单号 {orderNo}），查看：{link}',
    en: 'Your e-bill is ready (order {orderNo}): {link}',
  },
  'notify.sms.bindingApproved': {
    zh: '您的身份绑定申请已通过审核。',
    en: 'Your binding request was approved.',
  },
  'notify.sms.bindingRefused': {
    zh: '您的身份绑定申请未通过：{reason}',
    en: 'Your binding request was refused: {reason}',
  },
  'notify.sms.billApproved': {
    zh: '您提交的缴费记录（{item} {amount} 元）已审核通过。',
    en: 'Your payment record ({item} ¥{amount}) was approved.',
  },
  'notify.sms.billVoided': {
    zh: '您提交的缴费记录（{item} {amount} 元）已作废，如有疑问请联系财务处。',
    en: 'Your payment record ({item} ¥{amount}) was voided; ask the finance office if unsure.',
  },
  'notify.sms.salary': {
    zh: '您 {month} 的工资条已发布，请登录查看。',
    en: 'Your salary slip of {month} is available; sign in to see it.',
  },
  'notify.sms.phoneChanged': {
    zh: '您在财务平台的手机号已于 {time} 变更为 {to}。如非本人操作，请立即联系财务处。',
    en: 'Your phone at the finance platform was changed to {to} at {time}. If this was not you, call the finance office now.',
  },
  'notify.sms.bankCardChanged': {
    zh: '您在财务平台的银行卡已于 {time} 变更为尾号 {to}。如非本人操作，请立即联系财务处。',
    en: 'Your bank card at the finance platform was changed to one ending {to} at {time}. If this was not you, call the finance office now.',
  },
  'notify.sms.reminder': {
    zh: '{name}您好：您的{item}尚有 {amount} 元待缴，缴费截止日期 {due}。缴费请点击：{link}',
    en: 'Hello {name}: ¥{amount} of your {item} is still owed, due {due}. Pay here: {link}',
  },
  'notify.sms.reminderNoDue': {
    zh: '{name}您好：您的{item}尚有 {amount} 元待缴，请尽快缴纳。缴费请点击：{link}',
    en: 'Hello {name}: ¥{amount} of your {item} is still owed; please pay soon. Pay here: {link}',
  },
  'notify.template.receipt': { zh: '缴费成功通知', en: 'Payment received' },
  'notify.template.refund': { zh: '退款到账通知', en: 'Refund completed' },
  'notify.template.invoice': { zh: '电子票据开具通知', en: 'E-bill ready' },
  'notify.template.bindingApproved': { zh: '绑定审核通过', en: 'Binding approved' },
  'notify.template.bindingRefused': { zh: '绑定审核未通过', en: 'Binding refused' },
  'notify.template.billApproved': { zh: '缴费记录审核通过', en: 'Payment record approved' },
  'notify.template.billVoided': { zh: '缴费记录已作废', en: 'Payment record voided' },
  'notify.template.salary': { zh: '工资条发布通知', en: 'Salary slip available' },
  'notify.template.phoneChanged': { zh: '手机号变更提醒', en: 'Phone changed' },
  'notify.template.bankCardChanged': { zh: '银行卡变更提醒', en: 'Bank card changed' },
  'notify.template.reminder': { zh: '缴费提醒', en: 'Fee reminder' },
  'notify.prefs.saved': { zh: '已保存', en: 'Saved' },
  'notify.prefs.badGroup': { zh: '没有这类消息', en: 'There is no such kind of message' },
} as const satisfies Record<string, { zh: string; en: string }>;
