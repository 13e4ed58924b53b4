/** Messages of the user area; Chinese is the source, English word for word where the spec gives it. */
/** The user area's messages the app shows too (the web dictionaries take them from here). */
export const userAppMessages = {
  'bind.success': { zh: '绑定成功', en: 'Binding succeeded' },
} as const satisfies Record<string, { zh: string; en: string }>;

export const userMessages = {
  ...userAppMessages,
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
    en: 'Please wait {seconds|second|seconds} before asking for a new code',
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
    en: '[Campus finance] Your verification code is {code}; it is valid for {minutes|minute|minutes}. Do not share it.',
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
  'bind.notBound': { zh: '尚未绑定身份', en: 'No school identity is bound yet' },
  'bind.heldPhoneCodeNeeded': {
    zh: '该身份已绑定其他账号，请获取并输入发送到财务处预留手机 {phone} 的验证码',
    en: 'This identity is already bound to another account; get and enter the code sent to the phone the finance office holds ({phone})',
  },
  'bind.boundElsewhereNoPhone': {
    zh: '该身份已绑定其他账号，且财务处未预留手机号，请联系财务处',
    en: 'This identity is already bound to another account and the finance office holds no phone for it; please contact the finance office',
  },
  'bind.noPhoneToSend': {
    zh: '财务处未预留该身份的手机号，无需验证码，请直接提交并等待财务处审核',
    en: 'The finance office holds no phone for this identity: submit without a code and wait for its approval',
  },
  'bind.lookupNotNeeded': {
    zh: '仅在绑定时可按身份证号查询学生',
    en: 'Students are looked up by ID number only while binding',
  },
  'bind.otherAccountSms': {
    zh: '【校园财务】您在学校的身份（{name}）刚刚被另一个账号（{account}）绑定。如非本人操作，请立即联系财务处。',
    en: '[Campus finance] Your school identity ({name}) was just bound to another account ({account}). If this was not you, contact the finance office at once.',
  },
  'bind.otherAccountSubject': {
    zh: '您的学校身份被另一个账号绑定',
    en: 'Your school identity was bound to another account',
  },
  'bind.requestNotFound': { zh: '未找到该绑定申请', en: 'No such binding request' },
  'bind.requestDecided': {
    zh: '该绑定申请已处理',
    en: 'This binding request was already decided',
  },
  'bind.refuseReasonRequired': { zh: '请填写拒绝原因', en: 'Please give the reason for refusing' },
  'user.phoneTaken': { zh: '该手机号已被其他账号使用', en: 'This phone number is used by another account' },
  'user.modified': { zh: '修改成功', en: 'modified successfully' },
  'user.noReservedPhone': {
    zh: '尚未设置财务预留手机号，请先设置',
    en: 'No finance-reserved phone number is set yet; please set one first',
  },
  'user.verifyRequired': { zh: '请先验证手机号', en: 'Please verify your phone number first' },
  'user.verifyExpired': {
    zh: '手机验证已失效，请重新验证',
    en: 'The phone verification has expired, please verify again',
  },
  'user.proveCurrentPhone': {
    zh: '请先验证当前手机号，再修改手机号',
    en: 'Please verify your current phone number before changing it',
  },
  'user.phoneTooNew': {
    zh: '手机号变更未满 24 小时，为保障资金安全，请于 {hours} 小时后再修改银行卡或邮箱',
    en: 'Your phone number was changed less than 24 hours ago; for your safety, the bank card and e-mail can be changed in {hours} h',
  },
  'user.verifyWithPhone': {
    zh: '您已有手机号，请用发送到该手机的验证码验证',
    en: 'You have a phone number on file; please verify with the code sent to it',
  },
  'user.passwordWrong': { zh: '密码错误', en: 'The password is wrong' },
  'user.passwordNotSet': {
    zh: '该账号未设置密码，无需验证',
    en: 'This account has no password, so there is nothing to verify',
  },
  'user.emailChangedSubject': { zh: '财务预留邮箱已变更', en: 'Your finance-reserved e-mail was changed' },
  'user.emailChangedBody': {
    zh: '您的财务预留邮箱已变更为 {email}。如非本人操作，请立即联系财务处。',
    en: 'Your finance-reserved e-mail is now {email}. If you did not make this change, contact the finance office at once.',
  },
  'label.studentNo': { zh: '学号', en: 'student number' },
  'label.employeeNo': { zh: '工号', en: 'staff number' },
} as const satisfies Record<string, { zh: string; en: string }>;
