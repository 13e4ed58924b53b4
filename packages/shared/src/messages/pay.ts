/** Messages of the cashier, payments, pay links, refunds and the sandbox checkout page. */
export const payMessages = {
  'pay.orderNotFound': { zh: '订单不存在', en: 'The order does not exist' },
  'pay.forbidden': { zh: '无权支付该订单', en: 'You may not pay this order' },
  'pay.linkInvalid': {
    zh: '支付链接无效或已过期，请联系订单创建人重新分享',
    en: 'The pay link is not valid or has expired; ask the person who created the order to share it again',
  },
  'pay.alreadyPaid': { zh: '订单已支付', en: 'The order has already been paid' },
  'pay.orderClosed': { zh: '订单已关闭', en: 'The order is closed' },
  'pay.orderExpired': {
    zh: '订单已过期，请重新下单',
    en: 'The order has expired; please create a new one',
  },
  'pay.orderRefunded': { zh: '订单已退款', en: 'The order has been refunded' },
  'pay.channelUnavailable': {
    zh: '该支付方式暂不可用',
    en: 'This payment method is not available',
  },
  'pay.channelLocked': {
    zh: '该订单正在使用{channel}支付，请继续使用该方式，或取消订单后重新下单',
    en: 'This order is being paid with {channel}; continue with it, or cancel the order and create a new one',
  },
  'pay.payingElsewhere': {
    zh: '其他人正在支付该订单，请稍后刷新查看',
    en: 'Someone else is paying this order right now; refresh in a moment to see how it went',
  },
  'pay.channelError': {
    zh: '支付渠道暂时无法处理，请稍后再试（{code}）',
    en: 'The payment channel could not handle this right now, please try again later ({code})',
  },
  'pay.wechatOnly': {
    zh: '请在微信中打开并授权后再使用微信支付',
    en: 'Open this page in WeChat and sign in with WeChat to pay with WeChat Pay',
  },
  'pay.channel.wechat': { zh: '微信支付', en: 'WeChat Pay' },
  'pay.channel.alipay': { zh: '支付宝', en: 'Alipay' },
  'pay.channel.sandbox': { zh: '沙箱支付（演示）', en: 'Sandbox payment (demo)' },
  'pay.refundTooMuch': {
    zh: '退款金额不能大于可退金额（{max} 元）',
    en: 'The refund cannot be more than the refundable amount ({max} yuan)',
  },
  'pay.refundNotPaid': {
    zh: '只有已支付的订单可以退款',
    en: 'Only a paid order can be refunded',
  },
  'pay.refundFailed': {
    zh: '退款被支付渠道拒绝（{code}）',
    en: 'The payment channel refused the refund ({code})',
  },
  'pay.refundReasonTooLong': {
    zh: '退款原因不能超过{max}个字节（约26个汉字）',
    en: 'The refund reason cannot be longer than {max} bytes (about 26 Chinese characters)',
  },
  'pay.refundReasonRequired': {
    zh: '请填写退款原因（将随退款告知缴费人）',
    en: 'Enter the refund reason (the payer is told it with the refund)',
  },
  'pay.refundKindRequired': {
    zh: '请选择退款类型：退费并核减应收，或仅退款',
    en: 'Choose the kind of refund: refund and reduce the fee, or refund only',
  },
  'pay.wechatSignInNeeded': {
    zh: '微信支付需要微信登录：您是用账号密码登录的，请在微信中打开并用微信授权登录后再支付',
    en: 'WeChat Pay needs a WeChat sign-in: you signed in with a password; open this page in WeChat and sign in with WeChat, then pay',
  },
  'pay.refundPending': {
    zh: '退款处理中，结果稍后更新',
    en: 'The refund is being processed; the result will follow',
  },
  'pay.exceptionNotFound': { zh: '异常款项不存在', en: 'The payment exception does not exist' },
  'pay.exceptionNotOpen': {
    zh: '该异常款项已处理，不能再次处理',
    en: 'This payment exception has already been settled',
  },
  'pay.exceptionRefundInProgress': {
    zh: '该款项正在退款中，请等待退款结果',
    en: 'A refund of this payment is in progress; wait for its result',
  },
  'pay.exceptionNoTrade': {
    zh: '找不到该款项在支付渠道的交易，无法原路退回，请线下处理后填写备注',
    en: 'The payment cannot be found at its channel to send it back; settle it by hand and add a note',
  },
  'pay.exceptionPaymentMismatch': {
    zh: '支付渠道的交易与该款项不符，未退款（{code}）',
    en: 'The trade at the payment channel does not match this payment; nothing was refunded ({code})',
  },
  'pay.exceptionRefundReason': { zh: '异常款项原路退回', en: 'Payment exception sent back' },
  'pay.exceptionNoteRequired': { zh: '备注不能为空', en: 'Note is required' },
  'pay.exceptionNoteTooLong': {
    zh: '备注不能超过{max}个字',
    en: 'Note cannot be longer than {max} characters',
  },
  'pay.checkout.title': { zh: '沙箱收银台', en: 'Sandbox checkout' },
  'pay.checkout.note': {
    zh: '这是演示用的沙箱支付渠道，不会产生真实扣款。',
    en: 'This is the demo sandbox channel; no real money moves.',
  },
  'pay.checkout.alipayTitle': { zh: '支付宝收银台（模拟）', en: 'Alipay cashier (simulator)' },
  'pay.checkout.alipayNote': {
    zh: '这是演示用的支付宝模拟器，不会产生真实扣款。',
    en: 'This is the demo Alipay simulator; no real money moves.',
  },
  'pay.checkout.amount': { zh: '支付金额', en: 'Amount' },
  'pay.checkout.order': { zh: '订单号', en: 'Order no' },
  'pay.checkout.item': { zh: '商品', en: 'Item' },
  'pay.checkout.pay': { zh: '确认支付', en: 'Pay' },
  'pay.checkout.fail': { zh: '模拟支付失败', en: 'Simulate a failed payment' },
  'pay.checkout.cancel': { zh: '取消支付', en: 'Cancel' },
  'pay.checkout.back': { zh: '返回商户', en: 'Back to the merchant' },
  'pay.checkout.paid': {
    zh: '支付成功，正在通知商户…',
    en: 'Paid; the merchant is being notified…',
  },
  'pay.checkout.failed': { zh: '支付失败', en: 'The payment failed' },
  'pay.checkout.cancelled': { zh: '已取消支付', en: 'Payment cancelled' },
  'pay.checkout.unknown': {
    zh: '收银台链接无效或已过期',
    en: 'This checkout link is not valid or has expired',
  },
  'pay.checkout.closed': { zh: '该交易已关闭或已支付', en: 'This payment is closed or already paid' },
  'pay.checkout.alreadyPaid': {
    zh: '该订单已支付成功，无需再次支付',
    en: 'This order has been paid; there is nothing more to pay',
  },
  'reconcile.dateInFuture': {
    zh: '对账日期不能晚于今天',
    en: 'The reconciliation day cannot be later than today',
  },
  'reconcile.running': {
    zh: '该日对账正在进行，请稍后查看结果',
    en: 'This day is being reconciled; look at the result in a moment',
  },
  'reconcile.runNotFound': { zh: '对账记录不存在', en: 'The reconciliation run does not exist' },
  'reconcile.sheet': { zh: '对账差异', en: 'Differences' },
  'reconcile.summary': {
    zh: '{date} {channel}：账单 {statementCount} 笔 {statementYuan} 元，本系统 {ourCount} 笔 {ourYuan} 元，差异 {differences} 条',
    en: '{date} {channel}: statement {statementCount} payments {statementYuan} yuan, ours {ourCount} payments {ourYuan} yuan, {differences} differences',
  },
  'reconcile.col.kind': { zh: '类型', en: 'Kind' },
  'reconcile.col.difference': { zh: '差异', en: 'Difference' },
  'reconcile.col.outNo': { zh: '商户单号', en: 'Our number' },
  'reconcile.col.transactionId': { zh: '渠道单号', en: 'Channel number' },
  'reconcile.col.statementYuan': { zh: '账单金额（元）', en: 'Statement amount (yuan)' },
  'reconcile.col.ourYuan': { zh: '本系统金额（元）', en: 'Our amount (yuan)' },
  'reconcile.col.statementState': { zh: '账单状态', en: 'Statement state' },
  'reconcile.col.ourState': { zh: '本系统状态', en: 'Our state' },
  'reconcile.kind.payment': { zh: '支付', en: 'Payment' },
  'reconcile.kind.refund': { zh: '退款', en: 'Refund' },
  'reconcile.diff.statement_only': { zh: '渠道有、本系统无', en: 'In the statement, not ours' },
  'reconcile.diff.ours_only': { zh: '本系统有、渠道无', en: 'Ours, not in the statement' },
  'reconcile.diff.amount': { zh: '金额不一致', en: 'Amount differs' },
  'reconcile.diff.state': { zh: '状态不一致', en: 'State differs' },
} as const satisfies Record<string, { zh: string; en: string }>;
