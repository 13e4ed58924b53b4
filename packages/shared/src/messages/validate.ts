/**
 * Messages of the shared form rules (../validation.ts reports these keys): the server answers them and
 * the app shows them before sending (apps/web/src/lib/i18n/shared-texts.ts). Chinese is the source,
 * English word for word where the spec gives it.
 */
export const validateMessages = {
  'validate.phoneEmpty': { zh: '手机号为空', en: 'Phone number is empty' },
  'validate.phoneInvalid': { zh: '请输入正确的手机号', en: 'Please enter a valid phone number' },
  'validate.phoneCorrect': { zh: '请输入正确手机号', en: 'enter a correct phone' },
  'validate.idCardEmpty': { zh: '身份证号为空', en: 'ID number is empty' },
  'validate.idCardInvalid': { zh: '请输入正确的身份证号', en: 'Please enter a valid ID number' },
  'validate.idCardNotFound': {
    zh: '身份证号不存在，请检查输入',
    en: 'The ID number does not exist. Please check your input',
  },
  'validate.emailInvalid': { zh: '邮箱格式不正确', en: 'Email format is incorrect' },
  'validate.emailRequired': { zh: '请输入邮箱', en: 'Please enter your e-mail' },
  'validate.verifyCodeRequired': { zh: '请输入验证码', en: 'Please enter the verification code' },
  // A code typed but the id of the code sent is gone (the page reloaded, or a new code was asked for).
  'validate.verifyCodeExpired': {
    zh: '验证码已失效，请重新获取',
    en: 'The code has expired; please get a new one',
  },
  'validate.realNameRequired': { zh: '请输入姓名', en: 'Please enter your name' },
  'validate.codeRequired': { zh: '请输入{label}', en: 'Please enter the {label}' },
  'validate.passwordRequired': { zh: '请输入密码', en: 'Please enter the password' },
  'validate.userTypeNotAllowed': { zh: '不支持该用户类型绑定', en: 'This user type cannot be bound here' },
  'validate.bankCardInvalid': { zh: '请输入正确的银行卡号', en: 'Please enter a valid bank card number' },
  'validate.bankNameRequired': { zh: '请输入开户银行', en: 'Please enter the bank name' },
} as const satisfies Record<string, { zh: string; en: string }>;
