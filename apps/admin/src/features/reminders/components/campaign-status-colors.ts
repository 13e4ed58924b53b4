/** A campaign's state as a tag colour: waiting, sending, done, stopped. */
export const CAMPAIGN_STATUS_COLORS = {
  scheduled: 'default',
  running: 'processing',
  done: 'success',
  stopped: 'warning',
} as const;
