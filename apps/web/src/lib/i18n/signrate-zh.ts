/**
 * Chinese texts of the order detail's signature and rating blocks: the source dictionary of the
 * "signrate" section, loaded with those blocks (signrate-texts.ts). signrate-en.ts has every key.
 */
import { signrateSharedTexts } from './signrate-shared-texts';

export const signrateZh = {
  ...signrateSharedTexts('zh'),

  'signature.title': '签名',
  'signature.askBefore': '该订单的项目需要您在支付前签名',
  'signature.askAfter': '该订单的项目需要您在支付后签名',
  'signature.waiting': '等待下单人签名',
  'signature.unsignedNow': '未签名',
  'signature.signNow': '去签名',
  'signature.signedAt': '已签名 · {time}',
  'signature.imageAlt': '订单签名',
  'signature.padTitle': '请在框内签名',
  'signature.declarationTitle': '您签署的声明',
  'signature.declarationDefault': '本人已核对以上缴费项目及金额，确认无误并自愿缴纳。',
  'signature.padLabel': '签名板',
  'signature.landscapeHint': '屏幕较窄，可将手机横过来签名',
  'signature.confirmNote': '签名确认后不能更换',
  'signature.clear': '清除',
  'signature.confirm': '确认签名',
  'signature.close': '关闭',
  'signature.saved': '签名已保存',
  'signature.payWaits': '请先完成签名，再继续支付',

  'rating.title': '服务评价',
  'rating.prompt': '为本次缴费服务打分',
  'rating.star': '{score} 星：{name}',
  'rating.commentLabel': '评价内容',
  'rating.commentPlaceholder': '说说您的感受（选填）',
  'rating.submit': '提交评价',
  'rating.thanks': '感谢您的评价',
  'rating.yours': '{score} 星 · {name}',
} satisfies Record<string, string>;

export type SignrateTextKey = keyof typeof signrateZh;
