/**
 * How the phone keeps what the finance office sets in the console (params, enabled modules): stale at
 * once, so each screen that reads them shows the copy it has and asks again as it opens, and so does a
 * phone coming back to the foreground. A change is then on the phone's next screen, not 5 minutes later.
 * Observers mounting while a request is out share it, so a screen does not ask twice.
 */
export const TENANT_SETTINGS_FRESHNESS = {
  staleTime: 0,
  refetchOnMount: true,
  refetchOnWindowFocus: true,
} as const;
