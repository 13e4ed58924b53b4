/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** OAuth client id sent in the Basic header (the same client as the phone app). */
  readonly VITE_CLIENT_ID?: string;
  readonly VITE_CLIENT_SECRET?: string;
}
