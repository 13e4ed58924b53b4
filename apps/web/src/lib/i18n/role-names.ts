import type { TextKey, TextParams } from './i18n';

const KNOWN_ROLES = new Set(['student', 'employee', 'other', 'visitor', 'finance']);

/**
 * A person's roles as words of the language on screen: the roles the app knows by alias are translated
 * (role.*); a role the school named itself keeps its name. `fallback` is the sign-in's role_name (aliases,
 * comma-separated) for when user-info has not answered.
 */
export function roleNames(
  t: (key: TextKey, params?: TextParams) => string,
  roles: readonly { roleAlias: string; roleName: string }[],
  fallback = '',
): string {
  const list = roles.length
    ? roles
    : fallback
        .split(',')
        .filter(Boolean)
        .map((alias) => ({ roleAlias: alias, roleName: alias }));
  return list
    .map((role) => (KNOWN_ROLES.has(role.roleAlias) ? t(`role.${role.roleAlias}` as TextKey) : role.roleName))
    .join(', ');
}
