/**
 * Messages of the profile changes (/user/bank, /user/email, issue 12); Chinese is the source. The
 * profile screens take profileAppMessages into their text section (apps/web/src/lib/i18n/profile-*.ts).
 */
export const profileAppMessages = {
  'profile.bankCardLength': {
    zh: '银行卡号应为 16–19 位数字',
    en: 'The bank card number must have 16 to 19 digits',
  },
  'profile.bankCardChecksum': {
    zh: '银行卡号校验未通过，请核对后重新输入',
    en: 'This bank card number fails its check digit; please check it',
  },
  'profile.bankNotInList': { zh: '请从列表中选择开户银行', en: 'Please choose the bank from the list' },
  'profile.regionRequired': {
    zh: '请选择开户行所在省份和城市',
    en: 'Please choose the province and city of the bank',
  },
  'profile.regionInvalid': {
    zh: '开户行所在地区不正确，请重新选择',
    en: 'The province and city do not match; please choose them again',
  },
  'profile.emailTooLong': {
    zh: '邮箱不能超过 {max} 个字符',
    en: 'The e-mail address can have at most {max} characters',
  },
  'profile.emailSame': {
    zh: '新邮箱与当前预留邮箱相同',
    en: 'This is already your finance-reserved e-mail',
  },
  'profile.bankNotAllowed': {
    zh: '学校未开放在线变更银行卡，请联系财务处',
    en: 'Your school does not allow changing the bank card online; please contact the finance office',
  },
} as const satisfies Record<string, { zh: string; en: string }>;

export const profileMessages = {
  ...profileAppMessages,
  'mail.codeSubject': { zh: '【校园财务】邮箱验证码', en: '[Campus finance] Your e-mail verification code' },
  'mail.codeBody': {
    zh: '您的验证码是 {code}，{minutes} 分钟内有效，用于变更财务预留邮箱。如非本人操作，请忽略本邮件。',
    en: 'Your verification code is {code}; it is valid for {minutes|minute|minutes} and changes your finance-reserved e-mail. If this was not you, ignore this mail.',
  },
  'mail.sendFailed': {
    zh: '邮件发送失败，请稍后再试',
    en: 'The e-mail could not be sent, please try again later',
  },
} as const satisfies Record<string, { zh: string; en: string }>;
