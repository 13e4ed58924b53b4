/**
 * The audit log in words: each action a person may find in it has a name in both languages, and a
 * row's detail (stored as JSON) reads as sentences: "退款：订单编号 12；金额 ¥200.00；状态 已退款。"
 *
 * Two sources of actions: the services name theirs (AUDIT_ACTIONS; the server's audit() takes only
 * these), and the finance office's guard writes `admin <METHOD> <route>` for every write and every file
 * it hands out (ADMIN_ROUTE_ACTION_LABELS; apps/server/src/modules/admin/audit-labels.test.ts checks
 * every such route has one).
 */
import type { Language } from '../messages';
import { formatYuan } from '../money';
import { labelOf, type Label, type LabelTable } from './label';
import { MODULE_LABELS } from './modules';
import { BILL_STATUS_LABELS, PAY_METHOD_LABELS, PAY_STATUS_LABELS, REFUND_STATE_LABELS } from './pay';
import { IMPORT_KIND_LABELS, PERSON_TYPE_LABELS } from './people';

export const AUDIT_ACTIONS = [
  'user.register',
  'user.bind',
  'user.sendEmailCode',
  'user.changeEmail',
  'user.updateRegisterPhone',
  'user.changePhone',
  'user.changeBankAccount',
  'user.verifyPhone',
  'user.verifyPassword',
  'person.edit',
  'fee.offline',
  'bill.review',
  'bill.void',
  'receivable.waive',
  'receivable.reduce',
  'receivable.defer',
  'payment-exception.refund',
  'payment-exception.resolve',
  'order.refund',
  'reminder.scheduled',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What the guard writes: `admin POST /api/blade-finance/admin/order/:id/refund`. */
export type AdminRouteAction = `admin ${string}`;

export const AUDIT_ACTION_LABELS: LabelTable<AuditAction> = {
  'user.register': { zh: '注册账号', en: 'Registered an account' },
  'user.bind': { zh: '绑定身份', en: 'Bound an identity' },
  'user.sendEmailCode': { zh: '发送邮箱验证码', en: 'Sent an e-mail code' },
  'user.changeEmail': { zh: '修改邮箱', en: 'Changed the e-mail' },
  'user.updateRegisterPhone': { zh: '修改注册手机号', en: 'Changed the sign-up phone' },
  'user.changePhone': { zh: '修改手机号', en: 'Changed the phone' },
  'user.changeBankAccount': { zh: '修改银行卡', en: 'Changed the bank card' },
  'user.verifyPhone': { zh: '验证手机号', en: 'Verified the phone' },
  'user.verifyPassword': { zh: '验证密码', en: 'Verified the password' },
  'person.edit': { zh: '修改人员信息', en: 'Edited a person' },
  'fee.offline': { zh: '登记其他方式缴费', en: 'Recorded an other-means payment' },
  'bill.review': { zh: '审核通过缴费记录', en: 'Approved a payment record' },
  'bill.void': { zh: '作废缴费记录', en: 'Voided a payment record' },
  'receivable.waive': { zh: '免除应收', en: 'Waived a receivable' },
  'receivable.reduce': { zh: '减免应收', en: 'Reduced a receivable' },
  'receivable.defer': { zh: '缓缴应收', en: 'Deferred a receivable' },
  'payment-exception.refund': { zh: '异常支付退款', en: 'Refunded a payment exception' },
  'payment-exception.resolve': { zh: '异常支付标记已处理', en: 'Settled a payment exception' },
  'order.refund': { zh: '订单退款', en: 'Refunded an order' },
  'reminder.scheduled': { zh: '定时催缴提醒发出', en: 'A scheduled fee reminder went out' },
};

const F = '/api/blade-finance/admin';
const D = '/api/blade-desk/admin';

/** The finance office's writes and downloads, as the guard names them. */
export const ADMIN_ROUTE_ACTION_LABELS: Readonly<Record<AdminRouteAction, Label>> = {
  [`admin POST ${F}/binding/:id/phone`]: {
    zh: '查看绑定申请人的预留手机',
    en: 'Viewed the held phone of a binding',
  },
  [`admin POST ${F}/binding/:id/approve`]: { zh: '通过绑定申请', en: 'Approved a binding' },
  [`admin POST ${F}/binding/:id/refuse`]: { zh: '拒绝绑定申请', en: 'Refused a binding' },
  [`admin POST ${F}/user/:id/disable`]: { zh: '停用用户', en: 'Disabled a user' },
  [`admin POST ${F}/user/:id/enable`]: { zh: '启用用户', en: 'Enabled a user' },
  [`admin GET ${F}/bill/:id/evidence/:evidenceId`]: {
    zh: '查看缴费凭证文件',
    en: 'Opened a payment evidence file',
  },
  [`admin POST ${F}/bill/:id/review`]: { zh: '审核通过缴费记录', en: 'Approved a payment record' },
  [`admin POST ${F}/bill/:id/void`]: { zh: '作废缴费记录', en: 'Voided a payment record' },
  [`admin POST ${F}/order/:id/refund`]: { zh: '订单退款', en: 'Refunded an order' },
  [`admin POST ${F}/payment-exception/refund/:id`]: {
    zh: '异常支付退款',
    en: 'Refunded a payment exception',
  },
  [`admin POST ${F}/payment-exception/resolve/:id`]: {
    zh: '异常支付标记已处理',
    en: 'Settled a payment exception',
  },
  [`admin POST ${F}/invoice/:id/retry`]: { zh: '重新开票', en: 'Retried an invoice' },
  [`admin PUT ${F}/settings/params`]: { zh: '修改租户参数', en: 'Changed the school’s settings' },
  [`admin PUT ${F}/settings/modules`]: { zh: '修改手机端模块', en: 'Changed the phone’s modules' },
  [`admin POST ${F}/settings/pay-channels/:channel/check`]: {
    zh: '测试支付渠道',
    en: 'Tested a payment channel',
  },
  [`admin PUT ${F}/settings/pay-channels/:channel`]: {
    zh: '修改支付渠道设置',
    en: 'Changed a pay channel',
  },
  [`admin PUT ${F}/settings/providers/:kind`]: {
    zh: '修改短信或邮件服务',
    en: 'Changed an SMS or mail provider',
  },
  [`admin PUT ${F}/settings/wechat-templates`]: {
    zh: '修改微信消息模板',
    en: 'Changed the WeChat message templates',
  },
  [`admin POST ${F}/reconciliation/runs`]: { zh: '发起对账', en: 'Ran a reconciliation' },
  [`admin GET ${F}/reconciliation/runs/:id/export`]: {
    zh: '导出对账差异',
    en: 'Exported reconciliation differences',
  },
  [`admin POST ${F}/person/:id/update`]: { zh: '修改人员信息', en: 'Edited a person' },
  [`admin POST ${F}/fee-item`]: { zh: '新增收费项目', en: 'Added a fee item' },
  [`admin POST ${F}/fee-item/:id/update`]: { zh: '修改收费项目', en: 'Edited a fee item' },
  [`admin POST ${F}/receivable/:id/waive`]: { zh: '免除应收', en: 'Waived a receivable' },
  [`admin POST ${F}/receivable/:id/reduce`]: { zh: '减免应收', en: 'Reduced a receivable' },
  [`admin POST ${F}/receivable/:id/defer`]: { zh: '缓缴应收', en: 'Deferred a receivable' },
  [`admin GET ${F}/order/export`]: { zh: '导出订单', en: 'Exported orders' },
  [`admin GET ${F}/audit/export`]: { zh: '导出操作日志', en: 'Exported the audit log' },
  [`admin GET ${F}/rating/export`]: { zh: '导出服务评价', en: 'Exported ratings' },
  [`admin PUT ${F}/fee-item/:id/signature`]: {
    zh: '设置收费项目签名',
    en: 'Set a fee item’s signature',
  },
  [`admin POST ${F}/salary/import`]: { zh: '导入工资条', en: 'Imported salary slips' },
  [`admin POST ${F}/salary/other-income/import`]: { zh: '导入其他收入', en: 'Imported other income' },
  [`admin POST ${F}/import/:kind`]: { zh: '上传导入文件', en: 'Uploaded an import file' },
  [`admin POST ${F}/import/job/:id/commit`]: { zh: '确认导入', en: 'Committed an import' },
  [`admin GET ${F}/import/job/:id/report`]: { zh: '下载导入报告', en: 'Downloaded an import report' },
  [`admin POST ${F}/reminder/campaign`]: { zh: '发起催缴', en: 'Started a fee reminder campaign' },
  [`admin POST ${F}/reminder/campaign/:id/stop`]: { zh: '停止催缴', en: 'Stopped a fee reminder campaign' },
  [`admin POST ${F}/reminder/schedule`]: { zh: '设置定时催缴提醒', en: 'Scheduled a fee reminder' },
  [`admin POST ${F}/reminder/schedule/:id/cancel`]: {
    zh: '取消定时催缴提醒',
    en: 'Cancelled a scheduled fee reminder',
  },
  [`admin POST ${D}/notice`]: { zh: '新建通知', en: 'Created a notice' },
  [`admin PUT ${D}/notice/:id`]: { zh: '修改通知', en: 'Edited a notice' },
  [`admin POST ${D}/notice/:id/publish`]: { zh: '发布通知', en: 'Published a notice' },
  [`admin POST ${D}/notice/:id/withdraw`]: { zh: '撤回通知', en: 'Withdrew a notice' },
  [`admin POST ${D}/notice/:id/attachment`]: { zh: '上传通知附件', en: 'Attached a file to a notice' },
  [`admin DELETE ${D}/notice/:id/attachment/:attachmentId`]: {
    zh: '删除通知附件',
    en: 'Removed a notice’s file',
  },
};

/** The name of an action; an action nobody named yet shows as written. */
export function auditActionLabel(action: string, lang: Language): string {
  if (Object.hasOwn(AUDIT_ACTION_LABELS, action)) return AUDIT_ACTION_LABELS[action as AuditAction][lang];
  return labelOf(ADMIN_ROUTE_ACTION_LABELS, action, lang);
}

/** The words of the detail's fields (a field not here reads as its name). */
export const AUDIT_FIELD_LABELS: Readonly<Record<string, Label>> = {
  params: { zh: '对象', en: 'of' },
  id: { zh: '编号', en: 'no.' },
  orderId: { zh: '订单编号', en: 'order no.' },
  billId: { zh: '缴费记录编号', en: 'payment record no.' },
  receivableId: { zh: '应收编号', en: 'receivable no.' },
  exceptionId: { zh: '异常支付编号', en: 'exception no.' },
  evidenceId: { zh: '凭证编号', en: 'evidence no.' },
  evidenceIds: { zh: '凭证', en: 'evidence' },
  attachmentId: { zh: '附件编号', en: 'file no.' },
  personId: { zh: '人员编号', en: 'person no.' },
  personType: { zh: '人员类别', en: 'person type' },
  userType: { zh: '用户类型', en: 'user type' },
  previousUserType: { zh: '原用户类型', en: 'previous user type' },
  person: { zh: '学工号', en: 'person' },
  oauthId: { zh: '微信身份编号', en: 'WeChat identity no.' },
  otherAccounts: { zh: '同一身份的其他账号', en: 'other accounts of the same person' },
  amountFen: { zh: '金额', en: 'amount' },
  method: { zh: '支付方式', en: 'payment method' },
  channel: { zh: '支付渠道', en: 'channel' },
  payStatus: { zh: '订单状态', en: 'order state' },
  status: { zh: '状态', en: 'state' },
  reason: { zh: '原因', en: 'reason' },
  note: { zh: '备注', en: 'note' },
  dueDate: { zh: '缓缴至', en: 'deferred until' },
  outRefundNo: { zh: '退款单号', en: 'refund no.' },
  refundNo: { zh: '退款单号', en: 'refund no.' },
  from: { zh: '原', en: 'from' },
  to: { zh: '新', en: 'to' },
  bankName: { zh: '开户行', en: 'bank' },
  bankProvince: { zh: '开户省份', en: 'bank province' },
  bankCity: { zh: '开户城市', en: 'bank city' },
  proof: { zh: '身份验证方式', en: 'verified by' },
  proofPhone: { zh: '验证手机', en: 'verifying phone' },
  phone: { zh: '手机号', en: 'phone' },
  purpose: { zh: '用途', en: 'purpose' },
  ok: { zh: '结果', en: 'result' },
  changed: { zh: '修改项', en: 'changed' },
  modules: { zh: '模块', en: 'modules' },
  kind: { zh: '类型', en: 'kind' },
  rows: { zh: '行数', en: 'rows' },
  problems: { zh: '问题行数', en: 'problem rows' },
  billDate: { zh: '账单日期', en: 'statement day' },
  differences: { zh: '差异数', en: 'differences' },
  query: { zh: '筛选条件', en: 'filter' },
  orderNo: { zh: '订单号', en: 'order no.' },
  paymentNo: { zh: '支付单号', en: 'payment no.' },
  who: { zh: '操作人', en: 'who' },
  action: { zh: '操作', en: 'action' },
  // fee reminders (催缴)
  campaignId: { zh: '催缴任务编号', en: 'campaign no.' },
  scheduleId: { zh: '定时提醒编号', en: 'scheduled reminder no.' },
  filter: { zh: '范围', en: 'filter' },
  itemCode: { zh: '收费项目', en: 'fee item' },
  schoolYear: { zh: '学年', en: 'school year' },
  startYear: { zh: '年级', en: 'grade' },
  college: { zh: '学院', en: 'college' },
  className: { zh: '班级', en: 'class' },
  dueBefore: { zh: '截止日期不晚于', en: 'due on or before' },
  dueOn: { zh: '截止日期', en: 'due on' },
  minOwedFen: { zh: '欠费至少', en: 'owing at least' },
  skipPendingReview: { zh: '排除待审核缴费的人员', en: 'leaving out payments under review' },
  daysBefore: { zh: '截止前天数', en: 'days before the due date' },
  people: { zh: '人数', en: 'people' },
  owedFen: { zh: '欠费合计', en: 'owed in all' },
  sendAt: { zh: '发送时间', en: 'sending time' },
  text: { zh: '短信内容', en: 'text' },
};

/** Values that are codes of a known kind, by the field that holds them. */
const VALUE_TABLES: Readonly<Record<string, Readonly<Record<string, Label>>>> = {
  method: PAY_METHOD_LABELS,
  channel: PAY_METHOD_LABELS,
  payStatus: PAY_STATUS_LABELS,
  personType: PERSON_TYPE_LABELS,
  userType: PERSON_TYPE_LABELS,
  previousUserType: PERSON_TYPE_LABELS,
  modules: MODULE_LABELS,
  kind: {
    ...IMPORT_KIND_LABELS,
    sms: { zh: '短信服务', en: 'SMS' },
    mail: { zh: '邮件服务', en: 'mail' },
  },
  proof: {
    sms: { zh: '短信验证码', en: 'SMS code' },
    password: { zh: '登录密码', en: 'password' },
    none: { zh: '无', en: 'none' },
  },
  purpose: {
    phone: { zh: '换绑手机', en: 'phone change' },
    finance: { zh: '修改银行卡或邮箱', en: 'bank card or e-mail change' },
    salary: { zh: '查看工资', en: 'salary view' },
  },
  status: {
    ...REFUND_STATE_LABELS,
    ...BILL_STATUS_LABELS,
    pending: { zh: '待审核', en: 'pending' },
    approved: { zh: '已通过', en: 'approved' },
    active: { zh: '已生效', en: 'active' },
  },
};

const words = {
  zh: {
    yes: '是',
    no: '否',
    list: '、',
    part: '；',
    field: ' ',
    end: '。',
    head: '：',
    open: '（',
    close: '）',
  },
  en: {
    yes: 'yes',
    no: 'no',
    list: ', ',
    part: '; ',
    field: ' ',
    end: '.',
    head: ': ',
    open: ' (',
    close: ')',
  },
};

function valueText(key: string, value: unknown, lang: Language): string {
  const w = words[lang];
  if (value === null || value === undefined || value === '') return '';
  if (Array.isArray(value))
    return value
      .map((v) => valueText(key, v, lang))
      .filter(Boolean)
      .join(w.list);
  if (typeof value === 'object') return fieldsText(value as Record<string, unknown>, lang, w.list);
  if (typeof value === 'boolean') return value ? w.yes : w.no;
  if (typeof value === 'number' && /Fen$/.test(key)) return formatYuan(value);
  const table = VALUE_TABLES[key];
  return table ? labelOf(table, String(value), lang) : String(value);
}

/** Fields in the order of AUDIT_FIELD_LABELS (the stored JSON keeps no order), unknown ones last. */
const FIELD_ORDER = Object.keys(AUDIT_FIELD_LABELS);
const rank = (key: string) => {
  const i = FIELD_ORDER.indexOf(key);
  return i < 0 ? FIELD_ORDER.length : i;
};

function fieldsText(detail: Record<string, unknown>, lang: Language, separator: string): string {
  const w = words[lang];
  const parts: string[] = [];
  const entries = Object.entries(detail).sort(([a], [b]) => rank(a) - rank(b));
  for (const [key, value] of entries) {
    // The guard's HTTP status says the request succeeded, which every row it writes did.
    if (key === 'status' && typeof value === 'number') continue;
    // A route's path parameters read as fields of the row itself.
    if (key === 'params' && value && typeof value === 'object' && !Array.isArray(value)) {
      const inner = fieldsText(value as Record<string, unknown>, lang, separator);
      if (inner) parts.push(inner);
      continue;
    }
    const text = valueText(key, value, lang);
    if (!text) continue;
    const name = labelOf(AUDIT_FIELD_LABELS, key, lang);
    parts.push(
      typeof value === 'object' && !Array.isArray(value)
        ? `${name}${w.open}${text}${w.close}`
        : `${name}${w.field}${text}`,
    );
  }
  return parts.join(separator);
}

/** A row of the audit log as sentences in `lang`: the action, then what its detail says. */
export function describeAudit(action: string, detail: Record<string, unknown>, lang: Language): string {
  const w = words[lang];
  const head = auditActionLabel(action, lang);
  const body = fieldsText(detail, lang, w.part);
  return body ? `${head}${w.head}${body}${w.end}` : `${head}${w.end}`;
}

/** Only the detail, as sentences (what the console's detail column shows beside the action's name). */
export function describeAuditDetail(detail: Record<string, unknown>, lang: Language): string {
  const body = fieldsText(detail, lang, words[lang].part);
  return body ? `${body}${words[lang].end}` : '';
}
