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
  current: { zh: '页码', en: 'Page' },
  size: { zh: '每页条数', en: 'Page size' },
  status: { zh: '状态', en: 'Status' },
  orderNo: { zh: '订单号', en: 'Order number' },
};

/** The field's name in the language, or its wire name when it has none. */
export const fieldName = (field: string, lang: 'zh' | 'en'): string =>
  Object.hasOwn(FIELD_NAMES, field) ? FIELD_NAMES[field]![lang] : field;
