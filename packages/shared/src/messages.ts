/**
 * Every message the server or the app shows a person, in both languages. Chinese is the source;
 * the English texts of spec §5 and §8 are kept word for word.
 */
export const messages = {
  'common.unknownError': { zh: '未知错误', en: 'unknown error' },
  'common.internalError': {
    zh: '服务器开小差了，请稍后再试',
    en: 'Something went wrong on the server, please try again later',
  },
  'common.notFound': { zh: '请求的资源不存在', en: 'The requested resource does not exist' },
  'common.badRequest': { zh: '请求参数有误', en: 'The request is not valid' },
  'common.fieldRequired': { zh: '{field}不能为空', en: '{field} is required' },
  'common.fieldInvalid': { zh: '{field}格式不正确', en: '{field} is not valid' },
  'common.tooManyRequests': {
    zh: '操作过于频繁，请稍后再试',
    en: 'Too many requests, please try again later',
  },
  'common.malformedBase64': { zh: '加密数据不是有效的 Base64', en: 'The encrypted data is not valid Base64' },
  'common.malformedCipher': { zh: '加密数据无法解密', en: 'The encrypted data cannot be decrypted' },
  'common.malformedJson': { zh: '数据不是有效的 JSON', en: 'The data is not valid JSON' },
  'common.success': { zh: '操作成功', en: 'Operation succeeded' },

  'auth.unauthorized': { zh: '请先登录', en: 'Please sign in first' },
  'auth.tokenInvalid': { zh: '登录已失效，请重新登录', en: 'Your session has expired, please sign in again' },
  'auth.badClient': { zh: '客户端认证失败', en: 'Client authentication failed' },
  'auth.unsupportedGrant': { zh: '不支持的授权方式', en: 'Unsupported grant type' },
  'auth.accountRequired': { zh: '请输入账号', en: 'Please enter your account' },
  'auth.passwordRequired': { zh: '请输入密码', en: 'Please enter your password' },
  'auth.wrongPassword': { zh: '用户名或密码错误', en: 'Wrong account or password' },
  'auth.wrongPasswordLeft': {
    zh: '用户名或密码错误，再错 {left} 次账号将锁定 30 分钟',
    en: 'Wrong account or password; {left} more wrong tries lock the account for 30 minutes',
  },
  'auth.locked': {
    zh: '密码错误次数过多，账号已锁定，请 {minutes} 分钟后再试',
    en: 'Too many wrong passwords: the account is locked, try again in {minutes} minutes',
  },
  'auth.userDisabled': {
    zh: '账号已被停用，请联系管理员',
    en: 'This account is disabled, please contact the administrator',
  },
  'auth.captchaRequired': { zh: '请输入验证码', en: 'Please enter the captcha' },
  'auth.captchaWrong': { zh: '验证码不正确', en: 'The captcha is wrong' },
  'auth.captchaExpired': {
    zh: '验证码已失效，请刷新后重试',
    en: 'The captcha has expired or was used, please get a new one',
  },
  'auth.tenantUnknown': { zh: '租户不存在', en: 'Unknown tenant' },
  'auth.tenantDisabled': { zh: '租户已停用', en: 'This tenant is disabled' },
  'auth.tenantExpired': {
    zh: '租户授权已过期，请联系管理员',
    en: 'The tenant licence has expired, please contact the administrator',
  },
  'auth.refreshInvalid': {
    zh: '刷新令牌无效，请重新登录',
    en: 'The refresh token is not valid, please sign in again',
  },
  'auth.socialCodeInvalid': {
    zh: '微信授权码无效或已使用',
    en: 'The WeChat authorization code is invalid or was used',
  },
  'auth.socialNotConfigured': {
    zh: '应用未授权，请联系系统管理员',
    en: 'Application is not authorized, please contact the system administrator',
  },
  'auth.forbidden': { zh: '无权访问该数据', en: 'You may not access this data' },

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
  'validate.realNameRequired': { zh: '请输入姓名', en: 'Please enter your name' },
  'validate.codeRequired': { zh: '请输入{label}', en: 'Please enter the {label}' },
  'validate.passwordRequired': { zh: '请输入密码', en: 'Please enter the password' },
  'validate.userTypeNotAllowed': { zh: '不支持该用户类型绑定', en: 'This user type cannot be bound here' },
  'validate.bankCardInvalid': { zh: '请输入正确的银行卡号', en: 'Please enter a valid bank card number' },
  'validate.bankNameRequired': { zh: '请输入开户银行', en: 'Please enter the bank name' },

  'sms.codeWrong': { zh: '验证码不正确', en: 'The verification code is wrong' },
  'sms.codeExpired': {
    zh: '验证码已过期，请重新获取',
    en: 'The verification code has expired, please get a new one',
  },
  'sms.codeExhausted': {
    zh: '验证码错误次数过多，请重新获取',
    en: 'Too many wrong tries for this code, please get a new one',
  },
  'sms.resendTooSoon': {
    zh: '请 {seconds} 秒后再获取验证码',
    en: 'Please wait {seconds} seconds before asking for a new code',
  },
  'sms.dailyCap': {
    zh: '今日验证码发送次数已达上限',
    en: 'Today’s limit of verification codes for this phone is reached',
  },
  'sms.sendFailed': {
    zh: '短信发送失败，请稍后再试',
    en: 'The text message could not be sent, please try again later',
  },
  'sms.body': {
    zh: '【校园财务】您的验证码是 {code}，{minutes} 分钟内有效，请勿泄露。',
    en: '[Campus finance] Your verification code is {code}; it is valid for {minutes} minutes. Do not share it.',
  },

  'bind.studentNotFound': {
    zh: '未找到该学生，请核对学号、姓名和身份证号',
    en: 'No student matches; please check the student number, name and ID number',
  },
  'bind.employeeNotFound': {
    zh: '未找到该教职工，请核对工号、姓名和身份证号',
    en: 'No staff member matches; please check the staff number, name and ID number',
  },
  'bind.employeePasswordWrong': { zh: '工号或密码不正确', en: 'Wrong staff number or password' },
  'bind.otherNotFound': {
    zh: '未找到该人员，请核对证件号和姓名',
    en: 'No person matches; please check the ID number and name',
  },
  'bind.severalStudents': {
    zh: '该身份证号对应多名学生，请选择学号',
    en: 'Several students have this ID number; please choose the student number',
  },
  'bind.noOauth': { zh: '请先通过微信授权', en: 'Please authorize through WeChat first' },
  'bind.accountBound': { zh: '该微信已绑定账号', en: 'This WeChat account is already bound' },
  'bind.success': { zh: '绑定成功', en: 'Binding succeeded' },
  'bind.notBound': { zh: '尚未绑定身份', en: 'No school identity is bound yet' },
  'user.phoneTaken': { zh: '该手机号已被其他账号使用', en: 'This phone number is used by another account' },
  'user.modified': { zh: '修改成功', en: 'modified successfully' },
} as const satisfies Record<string, { zh: string; en: string }>;

export type MessageKey = keyof typeof messages;
export type Language = 'zh' | 'en';
export type MessageParams = Record<string, string | number>;

/** Fills {name} placeholders of one message in the given language. */
export function translate(key: MessageKey, lang: Language, params?: MessageParams): string {
  const text: string = messages[key][lang];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}

/** Picks zh or en from an Accept-Language style value; Chinese is the default. */
export function pickLanguage(value: string | undefined | null): Language {
  if (!value) return 'zh';
  const first = value.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'zh';
}
