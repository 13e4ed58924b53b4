/** Messages of the finance office's console routes (dashboard, people, fees, orders, audit log) and the export headers. */
export const consoleMessages = {
  'admin.personNotFound': { zh: '人员不存在', en: 'The person does not exist' },
  'admin.feeItemNotFound': { zh: '收费项目不存在', en: 'The fee item does not exist' },
  'admin.kindInvalid': {
    zh: '项目类型须为手动、迎新或充值',
    en: 'The item kind must be manual, enrolment or top-up',
  },
  'admin.nameRequired': { zh: '请填写名称', en: 'Please enter the name' },
  'admin.priceRequired': {
    zh: '手动和迎新项目须填写大于 0 的单价',
    en: 'Manual and enrolment items need a unit price above 0',
  },
  'admin.topupLimitsInvalid': {
    zh: '充值下限须大于 0 且不大于上限',
    en: 'The top-up minimum must be above 0 and not above the maximum',
  },
  'admin.formFieldsInvalid': {
    zh: '表单项的键不能为空或重复',
    en: 'Form field keys must be filled in and different from each other',
  },
  'admin.reasonRequired': {
    zh: '请填写原因（1 到 {max} 个字）',
    en: 'Please give the reason (1 to {max} characters)',
  },
  'admin.adjustTooLarge': {
    zh: '金额不能超过尚可调整的 {max} 元',
    en: 'The amount cannot exceed the {max} yuan that can still be adjusted',
  },
  'admin.nothingToAdjust': {
    zh: '该应收已无可减免或缓缴的金额',
    en: 'Nothing of this receivable is left to waive, reduce or defer',
  },
  'admin.dateRangeInvalid': {
    zh: '开始日期不能晚于结束日期',
    en: 'The start date cannot be later than the end date',
  },
  'admin.exportTooLarge': {
    zh: '导出超过 {max} 行，请缩小查询范围',
    en: 'The export exceeds {max} rows; please narrow the search',
  },
  'export.orderNo': { zh: '订单号', en: 'Order no.' },
  'export.orderType': { zh: '订单类型', en: 'Order type' },
  'export.personName': { zh: '缴费人', en: 'Person' },
  'export.personNo': { zh: '学号/工号', en: 'Student/staff no.' },
  'export.items': { zh: '项目', en: 'Items' },
  'export.totalYuan': { zh: '订单金额（元）', en: 'Amount (yuan)' },
  'export.refundedYuan': { zh: '已退金额（元）', en: 'Refunded (yuan)' },
  'export.payStatus': { zh: '支付状态', en: 'Pay status' },
  'export.channel': { zh: '支付渠道', en: 'Channel' },
  'export.paymentNo': { zh: '支付流水号', en: 'Payment no.' },
  'export.createdAt': { zh: '创建时间', en: 'Created' },
  'export.paidAt': { zh: '支付时间', en: 'Paid' },
  'export.time': { zh: '时间', en: 'Time' },
  'export.account': { zh: '操作人', en: 'Who' },
  'export.action': { zh: '操作', en: 'Action' },
  'export.ip': { zh: '来源地址', en: 'From' },
  'export.detail': { zh: '详情', en: 'Detail' },
  'export.ordersSheet': { zh: '订单', en: 'Orders' },
  'export.ordersTotal': {
    zh: '合计 {count} 笔订单（金额为已支付订单之和）',
    en: 'Total: {count} orders (the amount adds up the paid ones)',
  },
  'export.auditTotal': { zh: '合计 {count} 条记录', en: 'Total: {count} entries' },
  'export.reconcileTotal': { zh: '合计 {count} 处差异', en: 'Total: {count} differences' },
  'export.auditSheet': { zh: '操作日志', en: 'Audit log' },
} as const;
