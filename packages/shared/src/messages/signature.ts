/** Messages of the signature pad and its server checks. */
export const signatureMessages = {
  'signature.notRequired': {
    zh: '该订单无需签名',
    en: 'This order does not need a signature',
  },
  'signature.notNow': {
    zh: '该订单当前无法签名',
    en: 'This order cannot be signed now',
  },
  'signature.forbidden': {
    zh: '只有下单人可以为该订单签名',
    en: 'Only the person who created the order may sign it',
  },
  'signature.alreadySigned': {
    zh: '该订单已签名，签名确认后不能更换',
    en: 'This order is already signed; a confirmed signature cannot be replaced',
  },
  'signature.notPng': {
    zh: '签名图片不是有效的 PNG 图片',
    en: 'The signature is not a valid PNG image',
  },
  'signature.tooLarge': {
    zh: '签名图片不能超过 200 KB',
    en: 'The signature image must not be larger than 200 KB',
  },
  'signature.badSize': {
    zh: '签名图片尺寸不正确，请重新签名',
    en: 'The signature image has an unusable size; please sign again',
  },
  'signature.empty': { zh: '请先签名', en: 'Please sign first' },
  'signature.notFound': { zh: '该订单还没有签名', en: 'This order has no signature yet' },
  'signature.neededBeforePay': {
    zh: '该订单需下单人先阅读并签署声明（收银台第 1 步），才能支付',
    en: 'This order must be signed by the person who created it (step 1 at the cashier) before it can be paid',
  },
  'signature.feeItemNotFound': { zh: '收费项目不存在', en: 'The fee item does not exist' },
  'signature.timingInvalid': {
    zh: '签名时机只能是付款前或付款后',
    en: 'A signature is asked for either before or after payment',
  },
} as const;
