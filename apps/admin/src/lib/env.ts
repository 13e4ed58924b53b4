/** Build-time configuration. Client id and secret are public by design (the phone app ships the same). */
export const CLIENT_ID: string = import.meta.env.VITE_CLIENT_ID || 'saber';
export const CLIENT_SECRET: string = import.meta.env.VITE_CLIENT_SECRET || 'saber_secret';
/** Prefix of the console's storage keys: the phone app on the same origin keeps its own (`cf-…`). */
export const STORE_PREFIX = 'cf-admin:';
