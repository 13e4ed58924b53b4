/** The console's texts in English: every key of zh.ts (the type and i18n.test.ts check it). */
import type { TextKey } from './zh';

export const en: Record<TextKey, string> = {
  'app.title': 'Finance office console',
  'app.productName': 'Campus finance assistant',

  'common.unknownError': 'Unknown error',
  'common.networkError': 'Network error, please try again later',
  'common.loading': 'Loading',
  'common.retry': 'Retry',
  'common.refresh': 'Refresh',
  'common.cancel': 'Cancel',
  'common.confirm': 'OK',
  'common.search': 'Search',
  'common.reset': 'Reset',
  'common.actions': 'Actions',
  'common.status': 'Status',
  'common.all': 'All',
  'common.empty': 'No data',
  'common.done': 'Done',
  'common.forbidden': 'Your role cannot use this page',
  'common.notFound': 'Page not found',
  'common.backHome': 'Back to the dashboard',
  'common.total': '{total} in all',

  'lang.switch': 'Language',
  'lang.zh': '中文',
  'lang.en': 'English',

  'role.clerk': 'Finance clerk',
  'role.manager': 'Finance manager',
  'role.admin': 'Tenant admin',

  'auth.heading': 'Finance office sign-in',
  'auth.tenant': 'School',
  'auth.tenantRequired': 'Choose a school',
  'auth.account': 'Account',
  'auth.accountRequired': 'Enter the account',
  'auth.password': 'Password',
  'auth.passwordRequired': 'Enter the password',
  'auth.captcha': 'Captcha',
  'auth.captchaRequired': 'Enter the captcha',
  'auth.captchaImage': 'Captcha image, click for another',
  'auth.submit': 'Sign in',
  'auth.notFinance': 'This account is not in the finance office and cannot use the console',
  'auth.signOut': 'Sign out',
  'auth.signedOut': 'Signed out',

  'nav.dashboard': 'Dashboard',
  'nav.finance': 'Payments',
  'nav.people': 'People',
  'nav.system': 'System',

  'dashboard.heading': 'Dashboard',
  'dashboard.welcome': 'Hello, {name}',
  'dashboard.placeholder': "Today's and this month's takings and the queues waiting for you will show here.",
};
