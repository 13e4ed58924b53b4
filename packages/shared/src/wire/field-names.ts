/**
 * What a request field is called in a message ("手机号不能为空" / "Phone number is required"): the
 * server's error handler names the field a failed schema check points at with these (a field not
 * listed keeps its wire name).
 */
const FIELD_NAMES: Readonly<Record<string, { zh: string; en: string }>> = {
  tenantId: { zh: '租户', en: 'Tenant' },
  phone: { zh: '手机号', en: 'Phone number' },
  idCard: { zh: '证件号', en: 'ID number' },
  email: { zh: '邮箱', en: 'E-mail' },
  code: { zh: '编号', en: 'Code' },
  realName: { zh: '姓名', en: 'Name' },
  verifyCode: { zh: '验证码', en: 'Verification code' },
  verifyId: { zh: '验证码编号', en: 'Verification id' },
  data: { zh: '加密数据', en: 'Encrypted data' },
  note: { zh: '备注', en: 'Note' },
  id: { zh: '编号', en: 'Id' },
  receivableId: { zh: '应收项目', en: 'Receivable' },
  feeItemId: { zh: '缴费项目', en: 'Fee item' },
  amountFen: { zh: '金额', en: 'Amount' },
  quantity: { zh: '数量', en: 'Quantity' },
  payDate: { zh: '支付日期', en: 'Payment date' },
  evidenceIds: { zh: '缴费凭证', en: 'Payment evidence' },
  evidenceId: { zh: '缴费凭证', en: 'Payment evidence' },
  current: { zh: '页码', en: 'Page' },
  size: { zh: '每页条数', en: 'Page size' },
  status: { zh: '状态', en: 'Status' },
  orderNo: { zh: '订单号', en: 'Order number' },
  // the finance office's console
  personType: { zh: '人员类型', en: 'Person type' },
  keyword: { zh: '关键字', en: 'Keyword' },
  person: { zh: '缴费人', en: 'Person' },
  paymentNo: { zh: '支付流水号', en: 'Payment number' },
  payStatus: { zh: '支付状态', en: 'Pay status' },
  channel: { zh: '支付渠道', en: 'Channel' },
  from: { zh: '开始日期', en: 'Start date' },
  to: { zh: '结束日期', en: 'End date' },
  who: { zh: '操作人', en: 'Who' },
  action: { zh: '操作', en: 'Action' },
  priceFen: { zh: '单价', en: 'Unit price' },
  minFen: { zh: '最低金额', en: 'Minimum' },
  maxFen: { zh: '最高金额', en: 'Maximum' },
  maxQuantity: { zh: '最大数量', en: 'Maximum quantity' },
  formFields: { zh: '表单项', en: 'Form fields' },
  dueDate: { zh: '截止日期', en: 'Due date' },
  className: { zh: '班级', en: 'Class' },
  startYear: { zh: '入学年份', en: 'Start year' },
  // fee reminders (催缴)
  itemCode: { zh: '收费项目', en: 'Fee item' },
  schoolYear: { zh: '学年', en: 'School year' },
  college: { zh: '学院', en: 'College' },
  dueBefore: { zh: '截止日期不晚于', en: 'Due on or before' },
  dueOn: { zh: '截止日期', en: 'Due date' },
  minOwedFen: { zh: '欠费金额下限', en: 'Minimum owed' },
  skipPendingReview: { zh: '排除待审核缴费', en: 'Leave out payments under review' },
  previewPerson: { zh: '预览人员', en: 'Person to preview' },
  sendAt: { zh: '发送时间', en: 'Sending time' },
  daysBefore: { zh: '提前天数', en: 'Days before' },
};

/** The field's name in the language, or its wire name when it has none. */
export const fieldName = (field: string, lang: 'zh' | 'en'): string =>
  Object.hasOwn(FIELD_NAMES, field) ? FIELD_NAMES[field]![lang] : field;
