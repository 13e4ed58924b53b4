/** Build-time configuration. Client id and secret are public by design (BladeX clients ship them). */
export const APP_VERSION: string = __APP_VERSION__;
export const CLIENT_ID: string = import.meta.env.VITE_CLIENT_ID || 'saber';
export const CLIENT_SECRET: string = import.meta.env.VITE_CLIENT_SECRET || 'saber_secret';
export const SITE_KEY: string = import.meta.env.VITE_SITE_KEY || 'cf';
