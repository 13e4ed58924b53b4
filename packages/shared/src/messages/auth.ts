/** Messages of the auth area; Chinese is the source, English word for word where the spec gives it. */
export const authMessages = {
  'auth.unauthorized': { zh: '请先登录', en: 'Please sign in first' },
  'auth.tokenInvalid': { zh: '登录已失效，请重新登录', en: 'Your session has expired, please sign in again' },
  'auth.badClient': { zh: '客户端认证失败', en: 'Client authentication failed' },
  'auth.unsupportedGrant': { zh: '不支持的授权方式', en: 'Unsupported grant type' },
  'auth.accountRequired': { zh: '请输入账号', en: 'Please enter your account' },
  'auth.passwordRequired': { zh: '请输入密码', en: 'Please enter your password' },
  'auth.wrongPassword': { zh: '用户名或密码错误', en: 'Wrong account or password' },
  'auth.tooManyWrongPasswords': {
    zh: '密码错误次数过多，请 {minutes} 分钟后再试',
    en: 'Too many wrong passwords, try again in {minutes|minute|minutes}',
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
  'auth.tenantRequired': { zh: '请选择租户', en: 'Please choose a tenant' },
  'auth.passwordFormat': {
    zh: '密码数据格式不正确，请刷新页面后重试',
    en: 'The password was not sent in the expected format, please reload the page and try again',
  },
  'auth.socialSourceUnknown': { zh: '不支持的登录来源', en: 'Unsupported sign-in source' },
  'auth.socialCodeRequired': { zh: '缺少微信授权码', en: 'The WeChat authorization code is missing' },
  'auth.socialUnavailable': {
    zh: '微信服务暂时不可用，请稍后再试',
    en: 'WeChat is not reachable right now, please try again later',
  },
  'auth.cannotDisableSelf': { zh: '不能停用自己的账号', en: 'You cannot disable your own account' },
  'auth.userNotFound': { zh: '用户不存在', en: 'The user does not exist' },
  'auth.forbidden': { zh: '无权访问该数据', en: 'You may not access this data' },
} as const satisfies Record<string, { zh: string; en: string }>;
