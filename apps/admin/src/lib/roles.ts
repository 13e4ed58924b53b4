/**
 * Role levels of the finance office: a finance clerk (role alias `finance`) < a finance manager
 * (`finance_manager`) < a tenant admin (`admin`). Someone holding none of them does not get in.
 * Menus and buttons ask `allows(level, needed)`; the server's guard (modules/admin/guard.ts) decides
 * for itself, this only hides what would be refused.
 */
export type RoleLevel = 'clerk' | 'manager' | 'admin';

const LEVEL_OF_ALIAS: Record<string, RoleLevel> = {
  finance: 'clerk',
  finance_manager: 'manager',
  admin: 'admin',
};
const RANK: Record<RoleLevel, number> = { clerk: 1, manager: 2, admin: 3 };

/** The highest level among the person's roles, or undefined when none is a finance role. */
export function roleLevel(roles: readonly { roleAlias: string }[]): RoleLevel | undefined {
  let best: RoleLevel | undefined;
  for (const { roleAlias } of roles) {
    const level = LEVEL_OF_ALIAS[roleAlias];
    if (level && (!best || RANK[level] > RANK[best])) best = level;
  }
  return best;
}

export const allows = (level: RoleLevel | undefined, needed: RoleLevel): boolean =>
  !!level && RANK[level] >= RANK[needed];
