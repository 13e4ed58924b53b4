/** Messages of invoice titles, invoice requests, the e-bill platform and the invoice PDF. */
export const invoiceMessages = {
  // The tenant's word for what it issues (invoice-term.ts): every screen and the PDF use it.
  'invoice.term.fiscal': { zh: '财政电子票据', en: 'Fiscal e-receipt' },
  'invoice.term.tax': { zh: '电子发票', en: 'E-invoice' },
  'invoice.personNameRequired': { zh: '请输入姓名', en: 'Enter the name' },
  'invoice.companyNameRequired': { zh: '请输入单位名称', en: 'Enter the company name' },
  'invoice.taxIdRequired': { zh: '请输入纳税人识别号', en: 'Enter the taxpayer ID' },
  'invoice.taxIdInvalid': {
    zh: '纳税人识别号应为 18 位统一社会信用代码，请核对',
    en: 'The taxpayer ID must be the 18-character unified social credit code; please check it',
  },
  'invoice.addressRequired': { zh: '专用发票须填写单位地址', en: 'A special invoice needs the address' },
  'invoice.phoneRequired': { zh: '专用发票须填写单位电话', en: 'A special invoice needs the phone' },
  'invoice.phoneInvalid': { zh: '请输入正确的电话号码', en: 'Enter a valid phone number' },
  'invoice.bankRequired': { zh: '专用发票须填写开户银行', en: 'A special invoice needs the bank' },
  'invoice.bankAccountRequired': {
    zh: '专用发票须填写银行账号',
    en: 'A special invoice needs the bank account',
  },
  'invoice.bankAccountInvalid': {
    zh: '银行账号应为 6–30 位数字',
    en: 'The bank account must be 6–30 digits',
  },
  'invoice.specialNeedsCompany': {
    zh: '专用发票仅开具给单位',
    en: 'A special invoice can only be made out to a company',
  },
  'invoice.titleNotFound': { zh: '开票抬头不存在', en: 'The billing title does not exist' },
  'invoice.titleLimit': {
    zh: '最多保存 {max} 个开票抬头',
    en: 'You can keep at most {max} billing titles',
  },
  'invoice.notFound': { zh: '{term}不存在', en: 'The {term} does not exist' },
  'invoice.orderNotPaid': {
    zh: '订单支付成功后才能申请开具{term}',
    en: 'The {term} can be requested once the order is paid',
  },
  'invoice.nothingToInvoice': {
    zh: '订单已全额退款，无可开票金额',
    en: 'The order was refunded in full; there is nothing to invoice',
  },
  'invoice.alreadyRequested': {
    zh: '该订单已申请开具{term}',
    en: 'The {term} for this order has already been requested',
  },
  'invoice.notFailed': { zh: '仅开具失败的{term}可以重试', en: 'Only a failed {term} can be retried' },
  'invoice.fileLinkInvalid': {
    zh: '{term}链接无效或已过期，请从订单详情重新打开',
    en: 'The {term} link is not valid or has expired; open it again from the order detail',
  },
  'invoice.linkPage.hint': {
    zh: '请返回应用，从订单详情重新打开{term}。',
    en: 'Go back to the app and open the {term} again from the order detail.',
  },
  'invoice.notIssued': { zh: '{Term}尚未开具', en: 'The {term} has not been issued yet' },
  'invoice.platformError': {
    zh: '电子票据平台暂时无法处理（{code}）',
    en: 'The e-bill platform could not handle this right now ({code})',
  },
} as const satisfies Record<string, { zh: string; en: string }>;
