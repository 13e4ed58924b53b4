/**
 * The route table of spec §2 as data: names (used by routeFlag and the flow dictionary), paths,
 * whether a route needs a token, its title and its tab. router.tsx adds the screens.
 */
import type { TextKey } from './i18n/i18n';

export type TabName = 'home' | 'order' | 'user';

export interface RouteMeta {
  name: string;
  path: string;
  titleKey: TextKey;
  auth: boolean;
  tab?: TabName;
  /** A tab's own screen: shows the tab bar and no back button. */
  tabRoot?: boolean;
  /** No back button (binding is where an unbound user must stay). */
  hideBack?: boolean;
  /**
   * Open to a signed-in WeChat visitor not bound yet: a newly admitted student pays enrolment fees and
   * sees those orders.
   */
  allowUnbound?: boolean;
}

const route = (
  name: string,
  path: string,
  titleKey: TextKey,
  extra: Partial<Pick<RouteMeta, 'auth' | 'tab' | 'tabRoot' | 'hideBack' | 'allowUnbound'>> = {},
): RouteMeta => ({ name, path, titleKey, auth: true, ...extra });

export const ROUTES: readonly RouteMeta[] = [
  route('login', '/login', 'route.login', { auth: false }),
  route('register', '/register', 'route.register', { hideBack: true }),
  route('enroll', '/enroll', 'route.enroll', { allowUnbound: true }),
  route('pay', '/pay', 'route.pay', { allowUnbound: true }),
  route('home', '/home', 'route.home', { tab: 'home', tabRoot: true }),
  route('noticeDetail', '/home/notice/:id', 'route.noticeDetail', { tab: 'home' }),
  route('noticeList', '/home/noticelist', 'route.noticeList', { tab: 'home' }),
  route('fee', '/fee/index', 'route.fee', { tab: 'home' }),
  route('feeHistory', '/fee/history', 'route.feeHistory', { tab: 'home' }),
  route('feeCollectHistory', '/fee/collect/history', 'route.feeCollectHistory', { tab: 'home' }),
  route('feeOtherHistory', '/fee/other/history', 'route.feeOtherHistory', { tab: 'home' }),
  route('feeOther', '/fee/other', 'route.feeOther', { tab: 'home' }),
  route('feeManualProduct', '/fee/other/manual/product/:id', 'route.feeManualProduct', { tab: 'home' }),
  route('feeReceivableProduct', '/fee/other/receivable/product/:id', 'route.feeReceivableProduct', {
    tab: 'home',
  }),
  route('feeReceivableDetail', '/fee/other/receivable/:id', 'route.feeReceivableDetail', { tab: 'home' }),
  route('feeEnrollProduct', '/fee/other/enroll/product/:id', 'route.feeEnrollProduct', {
    tab: 'home',
    allowUnbound: true,
  }),
  // Orders too: a WeChat visitor who paid enrolment fees sees those orders before binding.
  route('order', '/order/index', 'route.order', { tab: 'order', tabRoot: true, allowUnbound: true }),
  route('orderOther', '/order/other', 'route.orderOther', {
    tab: 'order',
    tabRoot: true,
    allowUnbound: true,
  }),
  route('orderDetail', '/order/detail/:id', 'route.orderDetail', { tab: 'order', allowUnbound: true }),
  route('orderInvoice', '/order/invoice/:id', 'route.orderInvoice', { tab: 'order' }),
  route('user', '/user/index', 'route.user', { tab: 'user', tabRoot: true }),
  route('userEdit', '/user/edit', 'route.userEdit', { tab: 'user' }),
  route('salary', '/user/salary/index', 'route.salary', { tab: 'user' }),
  route('salaryDetail', '/user/salary/detail/:id', 'route.salaryDetail', { tab: 'user' }),
  route('salaryOtherIncome', '/user/salary/other-income', 'route.salaryOtherIncome', { tab: 'user' }),
  route('bank', '/user/bank', 'route.bank', { tab: 'user' }),
  route('phone', '/user/phone', 'route.phone', { tab: 'user' }),
  route('email', '/user/email', 'route.email', { tab: 'user' }),
  route('notify', '/user/notify', 'route.notify', { tab: 'user' }),
];

/** Paths that only send the visitor on (spec §2: / goes to /home). */
export const REDIRECTS: Readonly<Record<string, string>> = {
  '/': '/home',
  '/fee': '/fee/index',
  '/order': '/order/index',
  '/user': '/user/index',
  '/user/salary': '/user/salary/index',
};

/**
 * The routes whose screen is built (router.tsx gives each its screen; router-screens.test.ts keeps
 * the two lists equal). The others show "coming soon" if opened, and no entry leads to them.
 */
export const BUILT_SCREENS: ReadonlySet<string> = new Set([
  'login',
  'register',
  'home',
  'noticeList',
  'noticeDetail',
  'user',
  'userEdit',
  'bank',
  'phone',
  'email',
  'notify',
  'enroll',
  'pay',
  'fee',
  'feeHistory',
  'feeCollectHistory',
  'feeOtherHistory',
  'feeOther',
  'feeManualProduct',
  'feeReceivableProduct',
  'feeReceivableDetail',
  'feeEnrollProduct',
  'order',
  'orderOther',
  'orderDetail',
  'orderInvoice',
  'salary',
  'salaryDetail',
  'salaryOtherIncome',
]);

const byName = new Map(ROUTES.map((r) => [r.name, r]));

export const routeByName = (name: string): RouteMeta | undefined => byName.get(name);

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/** The route a path belongs to (`:id` matches one segment), or undefined. */
export function matchRoute(path: string): RouteMeta | undefined {
  const actual = segments(path);
  return ROUTES.find((r) => {
    const pattern = segments(r.path);
    return (
      pattern.length === actual.length &&
      pattern.every((part, i) => part.startsWith(':') || part === actual[i])
    );
  });
}

/** The path of a named route, its `:id` filled; undefined when the name is unknown or an id is missing. */
export function pathOfRoute(name: string, id?: string): string | undefined {
  const meta = byName.get(name);
  if (!meta) return undefined;
  if (!meta.path.includes(':id')) return meta.path;
  return id ? meta.path.replace(':id', encodeURIComponent(id)) : undefined;
}

/**
 * The title of a screen: the route's, except the payment page's result view, which is titled as a
 * result (the cashier is behind it).
 */
export function titleKeyOf(meta: RouteMeta | undefined, search: string): TextKey | undefined {
  if (meta?.name === 'pay' && new URLSearchParams(search).get('view') === 'result') return 'route.payResult';
  return meta?.titleKey;
}

/**
 * Where Back leads from a screen that must not go back in history: the payment result (behind it
 * are the cashier and a channel's checkout page, both done with) leads to the orders, or home.
 */
export function backTargetOf(
  meta: RouteMeta | undefined,
  search: string,
  signedIn: boolean,
): string | undefined {
  if (meta?.name === 'pay' && new URLSearchParams(search).get('view') === 'result')
    return signedIn ? '/order/index' : '/home';
  return undefined;
}

/** Whether a link (a path, maybe with a query) leads to a built screen. */
export function hasScreen(link: string): boolean {
  const meta = matchRoute(link.split('?')[0]!);
  return !!meta && BUILT_SCREENS.has(meta.name);
}
