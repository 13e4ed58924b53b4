import { useMemo, useSyncExternalStore } from 'react';
import {
  getAccessToken,
  getSessionUser,
  sessionVersion,
  subscribeSession,
  type SessionUser,
} from './session';

export interface SessionView {
  token: string | undefined;
  user: SessionUser | undefined;
}

/** The session for components, re-read whenever it is saved or cleared. */
export function useSession(): SessionView {
  const version = useSyncExternalStore(subscribeSession, sessionVersion, sessionVersion);
  return useMemo(() => {
    void version;
    return { token: getAccessToken(), user: getSessionUser() };
  }, [version]);
}
