/**
 * Chinese texts of invoices (the order's invoice card and the invoice screen): the source dictionary of
 * the "invoice" section, loaded with the money screens (invoice-texts.ts). invoice-en.ts must have every
 * key. The rules' messages, which the server says too, come from packages/shared/src/messages/invoice.ts.
 */
import { invoiceMessages } from '@cf/shared/messages/invoice';
import { allTextsOf } from './shared-texts';

export const invoiceSharedTexts = (language: 'zh' | 'en') => allTextsOf(invoiceMessages, language);

export const invoiceZh = {
  ...invoiceSharedTexts('zh'),

  // {term} / {Term}: the tenant's word (财政电子票据 or 电子发票, components/invoice/invoice-term.ts).
  'invoice.card.title': '{Term}',
  'invoice.state.none': '未开票',
  'invoice.state.requested': '开票中',
  'invoice.state.issued': '已开票，可查看',
  'invoice.state.failed': '开票失败',
  'invoice.state.reversing': '冲红中',
  'invoice.state.reversed': '已冲红',
  'invoice.request': '申请开具{term}',
  'invoice.view': '查看{term}',
  'invoice.download': '下载{term}',
  'invoice.details': '{Term}详情',
  'invoice.amount': '开票金额',
  'invoice.amountCapitals': '大写',
  'invoice.billCode': '票据代码',
  'invoice.billNo': '票据号码',
  'invoice.checkCode': '校验码',
  'invoice.issuedAt': '开票时间',
  'invoice.payer': '抬头',
  'invoice.failReason': '失败原因',
  'invoice.failedHint': '财务处核对后会重新开具，无需重复申请',
  'invoice.requestedHint': '正在开具{term}，开好后这里会自动更新',
  'invoice.reversedNote': '退款后已冲红，红字票据号码 {billNo}',
  'invoice.pickTitle': '选择开票抬头',
  'invoice.noTitles': '还没有开票抬头，请先添加',
  'invoice.addTitle': '添加抬头',
  'invoice.editTitle': '编辑抬头',
  'invoice.deleteTitle': '删除',
  'invoice.deleteConfirm': '删除这个开票抬头？',
  'invoice.deleteYes': '删除',
  'invoice.deleteNo': '取消',
  'invoice.setDefault': '设为默认',
  'invoice.default': '默认',
  'invoice.edit': '编辑',
  'invoice.save': '保存',
  'invoice.saved': '已保存',
  'invoice.requestSent': '已申请开具{term}',
  'invoice.nothing': '该订单没有可开票金额',
  'invoice.notPaid': '订单支付后可申请开具{term}',
  'invoice.invoiceable': '可开票金额 {amount}',
  'invoice.taxpayerType': '抬头类型',
  'invoice.taxpayerType.person': '个人',
  'invoice.taxpayerType.company': '单位',
  'invoice.invoiceType': '{Term}类型',
  'invoice.invoiceType.general': '普通',
  'invoice.invoiceType.special': '专用',
  'invoice.choice.general': '普通',
  'invoice.choice.special': '专用',
  'invoice.field.personName': '姓名',
  'invoice.field.companyName': '单位名称',
  'invoice.field.taxId': '纳税人识别号',
  'invoice.field.address': '单位地址',
  'invoice.field.phone': '单位电话',
  'invoice.field.bank': '开户银行',
  'invoice.field.bankAccount': '银行账号',
  'invoice.field.optional': '选填',
  'invoice.field.required': '必填',
  'invoice.history': '已冲红的{term}',
};

export type InvoiceTextKey = keyof typeof invoiceZh;
