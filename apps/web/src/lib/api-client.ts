/**
 * The one HTTP client (spec §7, §8). Every call carries the Basic client header, the bearer token
 * when signed in, the language and credentials; any status 200–500 reaches the response handler,
 * which uses the body's code or else the HTTP status: 401 logs out and goes home; any other code
 * but 200 shows the server's msg / error_description / 'unknown error' and rejects, silently for
 * whitelisted codes. Components never call this directly: features/<name>/api files do.
 */
import type { R } from '@cf/shared/wire/envelope';
import axios, {
  AxiosHeaders,
  type AxiosError,
  type AxiosRequestConfig,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { CLIENT_ID, CLIENT_SECRET } from './env';
import { beginLoading, clearLoading, endLoading, toastFail } from './feedback';
import { acceptLanguage, t } from './i18n/i18n';
import { clearSession, getAccessToken } from './session';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** The loading toast: default 'loading' for GET, 'submitting' otherwise; false for none. */
    loading?: false | 'loading' | 'submitting';
    /** Codes rejected without a toast for this call (added to the global whitelist). */
    silentCodes?: number[];
    /** No toast at all on failure (the caller shows its own message). */
    silent?: boolean;
    /** The refresh call itself must not wait for the refresh. */
    skipRefreshWait?: boolean;
    /** Do not send the bearer token (sign-in calls). */
    anonymous?: boolean;
  }
}

/** The Blade envelope of every JSON reply except the raw token and captcha replies (R of @cf/shared/wire/envelope). */
export type Envelope<T> = R<T>;

/** A rejected call: the code the handler used and the text it showed (or would have shown). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const HTTP_TIMEOUT_MS = 300_000;
/** Codes rejected without a toast, for every call (spec §8's configured whitelist). */
export const SILENT_CODES: number[] = [];

export function basicClientHeader(clientId = CLIENT_ID, clientSecret = CLIENT_SECRET): string {
  return `Basic ${btoa(`${clientId}:${clientSecret}`)}`;
}

/** What a 401 does; replaceable in tests. Going home lets the route guard send the user on. */
let onUnauthorized = (): void => {
  clearSession();
  window.location.hash = '#/home';
};
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/** Requests wait here while a token refresh runs (set by the app's token refresher). */
let requestGate: () => Promise<void> = () => Promise.resolve();
export function setRequestGate(gate: () => Promise<void>): void {
  requestGate = gate;
}

export const apiClient = axios.create({
  baseURL: '',
  timeout: HTTP_TIMEOUT_MS,
  withCredentials: true,
  validateStatus: (status) => status >= 200 && status <= 500,
});

function loadingText(config: AxiosRequestConfig): string | undefined {
  if (config.loading === false) return undefined;
  const kind =
    config.loading ?? ((config.method ?? 'get').toLowerCase() === 'get' ? 'loading' : 'submitting');
  return t(kind === 'loading' ? 'common.loading' : 'common.submitting');
}

apiClient.interceptors.request.use(async (config: InternalAxiosRequestConfig) => {
  if (!config.skipRefreshWait) await requestGate();
  const headers = AxiosHeaders.from(config.headers);
  headers.set('Authorization', basicClientHeader());
  headers.set('Accept-Language', acceptLanguage());
  const token = config.anonymous ? undefined : getAccessToken();
  if (token) headers.set('Blade-Auth', `bearer ${token}`);
  config.headers = headers;
  const text = loadingText(config);
  if (text) beginLoading(text);
  return config;
});

/** Picks the text of a failed reply: msg, then error_description, then 'unknown error'. */
export function failureText(body: unknown): string {
  if (body && typeof body === 'object') {
    const { msg, error_description: description } = body as { msg?: unknown; error_description?: unknown };
    if (typeof msg === 'string' && msg.trim()) return msg;
    if (typeof description === 'string' && description.trim()) return description;
  }
  return t('common.unknownError');
}

function settle(response: AxiosResponse): unknown {
  const config = response.config;
  if (loadingText(config)) endLoading();
  const body: unknown = response.data;
  const bodyCode =
    body && typeof body === 'object' && typeof (body as { code?: unknown }).code === 'number'
      ? (body as { code: number }).code
      : undefined;
  const code = bodyCode ?? response.status;
  if (code === 200) return body;
  const text = failureText(body);
  if (code === 401) {
    onUnauthorized();
    throw new ApiError(text, code, body);
  }
  const silent = config.silent || SILENT_CODES.includes(code) || (config.silentCodes ?? []).includes(code);
  if (!silent) toastFail(text);
  throw new ApiError(text, code, body);
}

apiClient.interceptors.response.use(
  // The handler returns the body, so callers get the JSON reply itself.
  (response) => settle(response) as AxiosResponse,
  (error: AxiosError) => {
    // No reply at all (network down, timeout, cancelled): clear the loading toast and reject.
    clearLoading();
    if (axios.isCancel(error)) return Promise.reject(error);
    const text = t('common.networkError');
    if (!error.config?.silent) toastFail(text);
    return Promise.reject(new ApiError(text, 0));
  },
);

/** A call whose reply is used as is (raw JSON such as the token and captcha replies). */
export function request<T>(config: AxiosRequestConfig): Promise<T> {
  return apiClient.request(config) as unknown as Promise<T>;
}

/** A call answering the Blade envelope: resolves with its `data`. */
export async function requestData<T>(config: AxiosRequestConfig): Promise<T> {
  const body = await request<Envelope<T>>(config);
  return body.data;
}
