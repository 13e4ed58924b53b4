/** Messages of the common area; Chinese is the source, English word for word where the spec gives it. */
/** The common messages the app shows too (the web dictionaries take them from here). */
export const commonAppMessages = {
  'common.unknownError': { zh: '未知错误', en: 'unknown error' },
} as const satisfies Record<string, { zh: string; en: string }>;

export const commonMessages = {
  ...commonAppMessages,
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
  'common.unsafeCharacters': {
    zh: '请求中含有不允许的字符（如控制字符），请检查输入',
    en: 'The request contains characters that are not allowed (such as control characters); please check your input',
  },
  'common.success': { zh: '操作成功', en: 'Operation succeeded' },
  // The page a link opened in the browser answers when it fails (apps/server/src/http/link-error-page.ts).
  'common.linkPage.title': { zh: '链接无法打开', en: 'This link cannot be opened' },
  'common.linkPage.back': { zh: '返回应用', en: 'Back to the app' },
} as const satisfies Record<string, { zh: string; en: string }>;
