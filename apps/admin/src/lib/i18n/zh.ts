/**
 * The console's texts in Chinese, the default language and the source of the keys. A screen's keys
 * start with its feature's name (`bills.`, `bindings.` …); en.ts must name every one (typed, and
 * i18n.test.ts checks it). `{name}` marks a parameter.
 */
export const zh = {
  'app.title': '财务处控制台',
  'app.productName': '校园财务助手',

  'common.unknownError': '未知错误',
  'common.networkError': '网络异常，请稍后重试',
  'common.loading': '加载中',
  'common.retry': '重试',
  'common.refresh': '刷新',
  'common.cancel': '取消',
  'common.confirm': '确定',
  'common.search': '查询',
  'common.reset': '重置',
  'common.actions': '操作',
  'common.status': '状态',
  'common.all': '全部',
  'common.empty': '暂无数据',
  'common.done': '操作成功',
  'common.forbidden': '你的角色不能使用此页面',
  'common.notFound': '页面不存在',
  'common.backHome': '回到工作台',
  'common.total': '共 {total} 条',

  'lang.switch': '语言',
  'lang.zh': '中文',
  'lang.en': 'English',

  'role.clerk': '财务人员',
  'role.manager': '财务主管',
  'role.admin': '租户管理员',

  'auth.heading': '财务处登录',
  'auth.tenant': '学校',
  'auth.tenantRequired': '请选择学校',
  'auth.account': '账号',
  'auth.accountRequired': '请输入账号',
  'auth.password': '密码',
  'auth.passwordRequired': '请输入密码',
  'auth.captcha': '验证码',
  'auth.captchaRequired': '请输入验证码',
  'auth.captchaImage': '图形验证码，点击换一张',
  'auth.submit': '登录',
  'auth.notFinance': '此账号不是财务处人员，不能登录控制台',
  'auth.signOut': '退出登录',
  'auth.signedOut': '已退出登录',

  'nav.dashboard': '工作台',
  'nav.finance': '收费业务',
  'nav.people': '人员',
  'nav.system': '系统',

  'dashboard.heading': '工作台',
  'dashboard.welcome': '你好，{name}',
  'dashboard.placeholder': '今日与本月的收款、待处理的队列将显示在这里。',
} as const;

export type TextKey = keyof typeof zh;
