/**
 * The one HTTP client (spec §7, §8). Every call carries the Basic client header, the bearer token
 * when signed in, the language and credentials; any status 200–500 reaches the response handler,
 * which uses the body's code or else the HTTP status: 401 logs out and goes home; any other code
 * but 200 shows the server's msg / error_description / 'unknown error' and rejects, silently for
 * whitelisted codes. Components never call this directly: features/<name>/api files do.
 */
import type { R } from '@cf/shared/wire/envelope';
import { CLIENT_ID, CLIENT_SECRET } from './env';
import { beginLoading, clearLoading, endLoading, toastFail } from './feedback';
import { acceptLanguage, t } from './i18n/i18n';
import { unauthorizedTarget } from './navigation';
import { clearSession, getAccessToken } from './session';

/** One call: axios's names (the spec's client), on the browser's own fetch (no library on the first screen). */
export interface RequestConfig {
  url?: string;
  method?: string;
  /** Query parameters; undefined and null ones are left out. */
  params?: Record<string, unknown>;
  /** 'blob': a successful reply's body as a Blob (an image); a failed one is still read as JSON. */
  responseType?: 'json' | 'blob';
  /** The body: a form (URLSearchParams), FormData, a string, or anything else as JSON. */
  data?: unknown;
  headers?: Record<string, string>;
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

/** What the transport answers: the status and the parsed body (JSON when it parses, else the text). */
export interface RawResponse {
  data: unknown;
  status: number;
  config: RequestConfig;
}
export type Adapter = (config: RequestConfig & { headers: Record<string, string> }) => Promise<RawResponse>;

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
/**
 * A read gives up much sooner (issue 24): on a dead network the screen says so with 重试 after 15 s
 * instead of spinning for five minutes. Writes keep the spec's timeout: giving up on a payment or a
 * binding early would leave the person not knowing whether it happened (docs/decisions.md).
 */
export const READ_TIMEOUT_MS = 15_000;
export const timeoutOf = (method: string | undefined): number =>
  (method ?? 'get').toLowerCase() === 'get' ? READ_TIMEOUT_MS : HTTP_TIMEOUT_MS;
/** Codes rejected without a toast, for every call (spec §8's configured whitelist). */
export const SILENT_CODES: number[] = [];

export function basicClientHeader(clientId = CLIENT_ID, clientSecret = CLIENT_SECRET): string {
  return `Basic ${btoa(`${clientId}:${clientSecret}`)}`;
}

/**
 * What a 401 does; replaceable in tests. The session goes; on a screen that needs a sign-in the
 * route guard then sends the user to sign in and back to this screen (navigation.ts,
 * unauthorizedTarget); elsewhere going home lets the route guard send the user on.
 */
let onUnauthorized = (): void => {
  clearSession();
  const target = unauthorizedTarget(window.location.hash, window.location.search);
  if (target) window.location.hash = `#${target}`;
};
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/** Requests wait here while a token refresh runs (set by the app's token refresher). */
let requestGate: () => Promise<void> = () => Promise.resolve();
export function setRequestGate(gate: () => Promise<void>): void {
  requestGate = gate;
}

function loadingText(config: RequestConfig): string | undefined {
  if (config.loading === false) return undefined;
  const kind =
    config.loading ?? ((config.method ?? 'get').toLowerCase() === 'get' ? 'loading' : 'submitting');
  return t(kind === 'loading' ? 'common.loading' : 'common.submitting');
}

/** Picks the text of a failed reply: msg, then error_description, then 'unknown error'. */
export function failureText(body: unknown): string {
  if (body && typeof body === 'object') {
    const { msg, error_description: description } = body as { msg?: unknown; error_description?: unknown };
    if (typeof msg === 'string' && msg.trim()) return msg;
    if (typeof description === 'string' && description.trim()) return description;
  }
  return t('common.unknownError');
}

function settle(response: RawResponse): unknown {
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

function queryString(params: RequestConfig['params']): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) query.append(key, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** The transport: fetch with credentials; reads give up after 15 s, writes after the spec's 5 minutes. */
const fetchAdapter: Adapter = async (config) => {
  const headers = { ...config.headers };
  let body: BodyInit | undefined;
  const data = config.data;
  if (data instanceof URLSearchParams || data instanceof FormData || typeof data === 'string') body = data;
  else if (data !== undefined) {
    body = JSON.stringify(data);
    headers['Content-Type'] ??= 'application/json';
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutOf(config.method));
  try {
    const res = await fetch(`${config.url ?? ''}${queryString(config.params)}`, {
      method: (config.method ?? 'get').toUpperCase(),
      headers,
      body,
      credentials: 'include',
      signal: controller.signal,
    });
    if (config.responseType === 'blob' && res.ok)
      return { data: await res.blob(), status: res.status, config };
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : text;
    } catch {
      // Not JSON: the text as it came.
    }
    return { data: parsed, status: res.status, config };
  } finally {
    clearTimeout(timer);
  }
};

/** The client's settings (the spec's axios defaults); the adapter is replaceable in tests. */
export const apiClient = {
  defaults: {
    adapter: fetchAdapter,
    timeout: HTTP_TIMEOUT_MS,
    withCredentials: true,
    validateStatus: (status: number) => status >= 200 && status <= 500,
  },
};

async function send(config: RequestConfig): Promise<unknown> {
  if (!config.skipRefreshWait) await requestGate();
  const headers: Record<string, string> = { ...config.headers };
  headers.Authorization = basicClientHeader();
  headers['Accept-Language'] = acceptLanguage();
  const token = config.anonymous ? undefined : getAccessToken();
  if (token) headers['Blade-Auth'] = `bearer ${token}`;
  if (config.data instanceof URLSearchParams) headers['Content-Type'] ??= 'application/x-www-form-urlencoded';
  const text = loadingText(config);
  if (text) beginLoading(text);
  let response: RawResponse | undefined;
  try {
    response = await apiClient.defaults.adapter({ ...config, headers });
  } catch {
    // No reply at all (network down, timeout): below.
  }
  if (response && apiClient.defaults.validateStatus(response.status)) return settle(response);
  clearLoading();
  const failure = t('common.networkError');
  if (!config.silent) toastFail(failure);
  throw new ApiError(failure, 0);
}

declare global {
  interface Window {
    /** Replies index.html asked for before any script loaded (vite-plugin-paint-first.ts), by path. */
    __cfEarly?: Record<string, Promise<unknown> | undefined>;
  }
}

/** The early reply to this call, taken once: a GET of the same path with no parameters. */
function takeEarlyReply(config: RequestConfig): Promise<unknown> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__cfEarly;
  const method = (config.method ?? 'get').toLowerCase();
  if (!early || !config.url || method !== 'get' || config.params || config.anonymous) return undefined;
  const reply = early[config.url];
  delete early[config.url];
  return reply;
}

const succeeded = (body: unknown): boolean =>
  !!body && typeof body === 'object' && (body as { code?: unknown }).code === 200;

/**
 * A call whose reply is used as is (raw JSON such as the token and captcha replies). A successful early
 * reply stands in for the call; anything else (a failure, no reply) makes the call as usual, so its
 * handling (401, toasts) is the usual one.
 */
export async function request<T>(config: RequestConfig): Promise<T> {
  const early = takeEarlyReply(config);
  if (early) {
    const body = await early;
    if (succeeded(body)) return body as T;
  }
  return (await send(config)) as T;
}

/** A call answering the Blade envelope: resolves with its `data`. */
export async function requestData<T>(config: RequestConfig): Promise<T> {
  const body = await request<Envelope<T>>(config);
  return body.data;
}
