/** The session and the person's role level for components; re-renders on sign-in, renewal and sign-out. */
import { useSyncExternalStore } from 'react';
import { roleLevel, type RoleLevel } from './roles';
import { getSession, subscribeSession, type Session } from './session';

export function useSession(): { session: Session | undefined; level: RoleLevel | undefined } {
  const session = useSyncExternalStore(subscribeSession, getSession);
  return { session, level: roleLevel(session?.user?.roles ?? []) };
}
