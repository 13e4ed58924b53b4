/**
 * Chinese texts of the Mine screens (/user/index, edit, bank, phone, email): the source dictionary of
 * the "profile" section, loaded with those screens (profile-texts.ts). profile-en.ts must have every
 * key. Messages the server says too come from packages/shared/src/messages/profile.ts.
 */
import { profileAppMessages } from '@cf/shared/messages/profile';
import { allTextsOf } from './shared-texts';

export const profileZh = {
  ...allTextsOf(profileAppMessages, 'zh'),

  'mine.loadFailed': '个人信息加载失败，请稍后重试',
  'mine.notBound': '尚未绑定学校身份',
  'mine.bindNow': '去绑定',
  'mine.studentNo': '学号',
  'mine.employeeNo': '工号',
  'mine.idCard': '身份证号',
  'mine.name': '姓名',
  'mine.startYear': '入学年份',
  'mine.className': '班级',
  'mine.department': '部门',
  'mine.phone': '预留手机',
  'mine.bankCard': '银行卡号',
  'mine.bankName': '开户银行',
  'mine.province': '省份',
  'mine.city': '城市',
  'mine.email': '预留邮箱',
  'mine.notSet': '未设置',
  'mine.schoolRecord': '学籍信息',
  'mine.schoolRecordHint': '以下信息由学校维护，如有错误请联系财务处。',
  'mine.contact': '联系与收款信息',
  'mine.change': '修改',
  'mine.settings': '设置',
  'mine.version': '当前版本',
  'mine.signOut': '退出登录',

  'mine.stepProveFinance': '第 1 步：验证预留手机号',
  'mine.proveFinanceHint': '为保障资金安全，修改银行卡或邮箱前，请先用预留手机号接收验证码，确认是本人操作。',
  'mine.needPhone': '请先设置财务预留手机号，再修改银行卡或邮箱。',
  'mine.setPhone': '去设置预留手机',

  'mine.currentCard': '当前银行卡',
  'mine.stepBank': '第 2 步：填写新银行卡',
  'mine.newCard': '新卡号',
  'mine.cardPlaceholder': '16–19 位数字',
  'mine.chooseBank': '请选择开户银行',
  'mine.region': '开户地区',
  'mine.chooseRegion': '请选择省份和城市',
  'mine.regionFailed': '地区数据加载失败，请重试',
  'mine.bankSaved': '银行卡已变更',

  'mine.currentPhone': '当前预留手机',
  'mine.stepNewPhone': '第 2 步：填写新手机号',
  'mine.newPhone': '新手机号',
  'mine.newPhoneHint': '输入图形验证码后，验证码将以短信发送到新手机号。',
  'mine.captchaRequired': '请输入图形验证码',
  'mine.phoneSaved': '修改成功',

  'mine.currentEmail': '当前预留邮箱',
  'mine.stepEmail': '第 2 步：填写新邮箱',
  'mine.newEmail': '新邮箱',
  'mine.emailPlaceholder': 'name@example.com',
  'mine.emailCode': '邮箱验证码',
  'mine.emailHint': '验证码将发送到新邮箱，10 分钟内有效。',
  'mine.emailSent': '验证码已发送到新邮箱',
  'mine.emailSaved': '邮箱已变更',
  'mine.submit': '确认修改',
} satisfies Record<string, string>;

export type ProfileTextKey = keyof typeof profileZh;
