/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** OAuth client id sent in the Basic header (BladeX clients ship it in the build). */
  readonly VITE_CLIENT_ID?: string;
  readonly VITE_CLIENT_SECRET?: string;
  /** Prefix of every storage key and of the token cookie. */
  readonly VITE_SITE_KEY?: string;
}

/** The app version from package.json, set by vite's define. */
declare const __APP_VERSION__: string;
