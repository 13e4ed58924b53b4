/**
 * Every screen of the console, in menu order: its route, menu group, title, icon and the lowest role
 * level that may open it (lib/roles.ts). The router (router.tsx) and the side menu (layout.tsx) both
 * come from this list, so a screen a role may not open is neither in its menu nor reachable by its
 * address. Pages load lazily: the first screen carries only the shell. README.md: "Adding a screen".
 */
import {
  AccountBookOutlined,
  AuditOutlined,
  BellOutlined,
  DashboardOutlined,
  FileDoneOutlined,
  UploadOutlined,
  SettingOutlined,
  ProfileOutlined,
  FileTextOutlined,
  NotificationOutlined,
  SignatureOutlined,
  StarOutlined,
  TeamOutlined,
  UserSwitchOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import type { TextKey } from '@admin/lib/i18n/i18n';
import type { RoleLevel } from '@admin/lib/roles';

/** The side menu's groups follow the office's work: payments, people, salary, notices, reconciliation, settings. */
export type MenuGroup = 'finance' | 'people' | 'salary' | 'notices' | 'reconciliation' | 'system';

export interface ConsoleScreen {
  /** The route under #/ (no leading slash). */
  path: string;
  title: TextKey;
  icon: ReactNode;
  /** The lowest level that may open it. */
  level: RoleLevel;
  /** The side menu's group; none: at the top level. */
  group?: MenuGroup;
  page: LazyExoticComponent<ComponentType>;
}

export const MENU_GROUPS: { key: MenuGroup; title: TextKey }[] = [
  { key: 'finance', title: 'nav.finance' },
  { key: 'people', title: 'nav.people' },
  { key: 'salary', title: 'nav.groupSalary' },
  { key: 'notices', title: 'nav.groupNotices' },
  { key: 'reconciliation', title: 'nav.groupReconciliation' },
  { key: 'system', title: 'nav.system' },
];

export const SCREENS: ConsoleScreen[] = [
  {
    path: 'dashboard',
    title: 'nav.dashboard',
    icon: <DashboardOutlined />,
    level: 'clerk',
    page: lazy(() => import('@admin/features/dashboard/pages/dashboard-page')),
  },
  {
    path: 'notices',
    title: 'nav.notices',
    icon: <NotificationOutlined />,
    level: 'clerk',
    group: 'notices',
    page: lazy(() => import('@admin/features/notices/pages/notices-page')),
  },
  {
    path: 'salary',
    title: 'nav.salary',
    icon: <FileTextOutlined />,
    level: 'clerk',
    group: 'salary',
    page: lazy(() => import('@admin/features/salary/pages/salary-page')),
  },
  {
    path: 'signatures',
    title: 'nav.signatures',
    icon: <SignatureOutlined />,
    level: 'clerk',
    group: 'system',
    page: lazy(() => import('@admin/features/signatures/pages/signatures-page')),
  },
  {
    path: 'bills',
    title: 'nav.bills',
    icon: <AuditOutlined />,
    level: 'clerk',
    group: 'finance',
    page: lazy(() => import('@admin/features/bills/pages/bills-page')),
  },
  {
    path: 'payment-exceptions',
    title: 'nav.exceptions',
    icon: <WarningOutlined />,
    level: 'clerk',
    group: 'reconciliation',
    page: lazy(() => import('@admin/features/exceptions/pages/exceptions-page')),
  },
  {
    path: 'reminders',
    title: 'nav.reminders',
    icon: <BellOutlined />,
    level: 'clerk',
    group: 'finance',
    page: lazy(() => import('@admin/features/reminders/pages/reminders-page')),
  },
  {
    path: 'invoices',
    title: 'nav.invoices',
    icon: <FileDoneOutlined />,
    level: 'clerk',
    group: 'finance',
    page: lazy(() => import('@admin/features/invoices/pages/invoices-page')),
  },
  {
    path: 'ratings',
    title: 'nav.ratings',
    icon: <StarOutlined />,
    level: 'clerk',
    group: 'finance',
    page: lazy(() => import('@admin/features/ratings/pages/ratings-page')),
  },
  {
    path: 'bindings',
    title: 'nav.bindings',
    icon: <UserSwitchOutlined />,
    level: 'clerk',
    group: 'people',
    page: lazy(() => import('@admin/features/bindings/pages/bindings-page')),
  },
  {
    path: 'reconciliation',
    title: 'nav.reconciliation',
    icon: <AuditOutlined />,
    level: 'clerk',
    group: 'reconciliation',
    page: lazy(() => import('@admin/features/reconciliation/pages/reconciliation-page')),
  },
  {
    path: 'settings',
    title: 'nav.settings',
    icon: <SettingOutlined />,
    level: 'admin',
    group: 'system',
    page: lazy(() => import('@admin/features/settings/pages/settings-page')),
  },
  {
    path: 'imports',
    title: 'nav.imports',
    icon: <UploadOutlined />,
    level: 'clerk',
    group: 'people',
    page: lazy(() => import('@admin/features/imports/pages/imports-page')),
  },
  {
    path: 'orders',
    title: 'nav.orders',
    icon: <ProfileOutlined />,
    level: 'clerk',
    group: 'finance',
    page: lazy(() => import('@admin/features/orders/pages/orders-page')),
  },
  {
    path: 'fees',
    title: 'nav.fees',
    icon: <AccountBookOutlined />,
    level: 'clerk',
    group: 'finance',
    page: lazy(() => import('@admin/features/fees/pages/fees-page')),
  },
  {
    path: 'people',
    title: 'nav.peopleList',
    icon: <TeamOutlined />,
    level: 'clerk',
    group: 'people',
    page: lazy(() => import('@admin/features/people/pages/people-page')),
  },
  {
    path: 'audit',
    title: 'nav.audit',
    icon: <AuditOutlined />,
    level: 'clerk',
    group: 'system',
    page: lazy(() => import('@admin/features/audit/pages/audit-page')),
  },
];
