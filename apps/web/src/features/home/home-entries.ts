/**
 * Home entries (spec §1): a payment portal (student payment, combined payment, top-up) and a query
 * portal (historical payments, orders), each shown only when its mobile module is enabled, its
 * screen is built (no entry leads to "coming soon") and it is meant for the person's user type (the
 * binding's: student, employee or other). Student fees and enrolment are not staff's business.
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
  /** Only these bound user types see it (salary is the staff's); everyone when missing. A guest sees the entries without needsBinding. */
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
    userTypes: ['student'],
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
  // A newly admitted student's fees, paid by the student or the family (other, or not bound yet).
  {
    key: 'enroll',
    portal: 'payment',
    module: 'enroll',
    textKey: 'home.enroll',
    to: '/enroll',
    userTypes: ['student', 'other'],
  },
  {
    key: 'history',
    portal: 'query',
    module: 'fee',
    textKey: 'home.historicalPayments',
    to: '/fee/history',
    needsBinding: true,
    userTypes: ['student'],
  },
  // Staff and other people pay comprehensive fees only: their history is of those.
  {
    key: 'history',
    portal: 'query',
    module: 'fee',
    textKey: 'home.historicalPayments',
    to: '/fee/other/history',
    needsBinding: true,
    userTypes: ['employee', 'other'],
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
 * The entries of a portal for a person of `userType` (the binding's; '' when not known) at a tenant
 * with `modules`; for a guest (signed in, not bound), only those usable without a binding.
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
      (bound ? !entry.userTypes || entry.userTypes.includes(userType) : !entry.needsBinding),
  );
}
