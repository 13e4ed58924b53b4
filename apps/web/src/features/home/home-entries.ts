/**
 * Home entries (spec §1): a payment portal (student payment, combined payment, top-up) and a query
 * portal (historical payments, orders), each shown only when its mobile module is enabled, its
 * screen is built (no entry leads to "coming soon") and it is meant for the person's user type.
 */
import type { MobileModule } from '@cf/shared/labels/modules';
import { hasScreen } from '@/lib/routes';
import type { TextKey } from '@/lib/i18n/i18n';

export type Portal = 'payment' | 'query';

export interface HomeEntry {
  key: string;
  portal: Portal;
  /** The mobile module that must be enabled for the tenant (named in packages/shared/src/labels/modules.ts). */
  module: MobileModule;
  textKey: TextKey;
  to: string;
  /** Usable only with a binding (it reads the bound person's fees or pay); hidden from a guest. */
  needsBinding?: boolean;
  /** Only these user types see it (salary is the staff's); everyone when missing. */
  userTypes?: readonly string[];
}

export const HOME_ENTRIES: readonly HomeEntry[] = [
  {
    key: 'studentPayment',
    portal: 'payment',
    module: 'fee',
    textKey: 'home.studentPayment',
    to: '/fee/index',
    needsBinding: true,
  },
  {
    key: 'combinedPayment',
    portal: 'payment',
    module: 'feeOther',
    textKey: 'home.combinedPayment',
    to: '/fee/other',
    needsBinding: true,
  },
  {
    key: 'topUp',
    portal: 'payment',
    module: 'recharge',
    textKey: 'home.topUp',
    to: '/fee/other?category=recharge',
    needsBinding: true,
  },
  { key: 'enroll', portal: 'payment', module: 'enroll', textKey: 'home.enroll', to: '/enroll' },
  {
    key: 'history',
    portal: 'query',
    module: 'fee',
    textKey: 'home.historicalPayments',
    to: '/fee/history',
    needsBinding: true,
  },
  { key: 'orders', portal: 'query', module: 'order', textKey: 'home.orders', to: '/order/index' },
  { key: 'notices', portal: 'query', module: 'notice', textKey: 'home.notices', to: '/home/noticelist' },
  {
    key: 'salary',
    portal: 'query',
    module: 'salary',
    textKey: 'home.salary',
    to: '/user/salary/index',
    needsBinding: true,
    userTypes: ['employee'],
  },
];

/**
 * The entries of a portal for a person of `userType` ('' when not known) at a tenant with `modules`;
 * for a guest (signed in, not bound), only those usable without a binding.
 */
export function visibleEntries(
  modules: readonly string[],
  portal: Portal,
  userType = '',
  bound = true,
): HomeEntry[] {
  const enabled = new Set(modules);
  return HOME_ENTRIES.filter(
    (entry) =>
      entry.portal === portal &&
      enabled.has(entry.module) &&
      hasScreen(entry.to) &&
      (bound || !entry.needsBinding) &&
      (!entry.userTypes || entry.userTypes.includes(userType)),
  );
}
