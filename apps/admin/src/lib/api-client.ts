/**
 * The console's one HTTP client, speaking to the server as the phone app's does
 * (apps/web/src/lib/api-client.ts): every call carries the Basic client header, the Blade-Auth bearer
 * token when signed in, and the language; the reply's code (or else the HTTP status) decides: 200
 * resolves, 401 ends the session and goes to sign-in, anything else shows the server's msg /
 * error_description (unless the call is silent) and rejects with an ApiError.
 * Components never call this directly: features/<name>/api files do, one endpoint each.
 */
import type { R } from '@cf/shared/wire/envelope';
import { CLIENT_ID, CLIENT_SECRET } from './env';
import { toastError } from './feedback';
import { getLanguage, t } from './i18n/i18n';
import { clearSession, getAccessToken } from './session';

export interface RequestConfig {
  url: string;
  method?: 'get' | 'post' | 'put' | 'delete';
  /** Query parameters; undefined, null and '' ones are left out. */
  params?: Record<string, unknown>;
  /** A form (URLSearchParams), FormData, a file (Blob: sent as is, with its type), or anything else as JSON. */
  data?: unknown;
  headers?: Record<string, string>;
  /** No toast on failure (the caller shows its own message). */
  silent?: boolean;
  /** Do not send the bearer token, nor wait for a token renewal (sign-in calls). */
  anonymous?: boolean;
}

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

export const basicClientHeader = (): string => `Basic ${btoa(`${CLIENT_ID}:${CLIENT_SECRET}`)}`;

/** What a 401 does: the session ends and the router's guard shows sign-in. Replaceable in tests. */
let onUnauthorized = (): void => {
  clearSession();
  window.location.hash = '#/sign-in';
};
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/** Calls wait here while a token renewal runs (lib/token-refresh.ts, installed by the app). */
let requestGate: () => Promise<void> = () => Promise.resolve();
export function setRequestGate(gate: () => Promise<void>): void {
  requestGate = gate;
}

/** The text of a failed reply: msg, then error_description, then 'unknown error'. */
export function failureText(body: unknown): string {
  if (body && typeof body === 'object') {
    const { msg, error_description: description } = body as { msg?: unknown; error_description?: unknown };
    if (typeof msg === 'string' && msg.trim()) return msg;
    if (typeof description === 'string' && description.trim()) return description;
  }
  return t('common.unknownError');
}

export function queryString(params: RequestConfig['params']): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null && value !== '') query.append(key, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** The transport; replaceable in tests. */
export const transport = {
  fetch: (input: string, init: RequestInit): Promise<Response> => fetch(input, init),
};

/** A call whose parsed body is answered as is (the raw token and captcha replies). */
export async function request<T>(config: RequestConfig): Promise<T> {
  if (!config.anonymous) await requestGate();
  const headers: Record<string, string> = {
    Authorization: basicClientHeader(),
    'Accept-Language': getLanguage() === 'en' ? 'en' : 'zh-CN',
    ...config.headers,
  };
  const token = config.anonymous ? undefined : getAccessToken();
  if (token) headers['Blade-Auth'] = `bearer ${token}`;
  let body: BodyInit | undefined;
  if (config.data instanceof URLSearchParams || config.data instanceof FormData) body = config.data;
  else if (config.data instanceof Blob) {
    body = config.data;
    headers['Content-Type'] = config.data.type || 'application/octet-stream';
  } else if (config.data !== undefined) {
    body = JSON.stringify(config.data);
    headers['Content-Type'] = 'application/json';
  }
  let res: Response;
  let parsed: unknown;
  try {
    res = await transport.fetch(`${config.url}${queryString(config.params)}`, {
      method: (config.method ?? 'get').toUpperCase(),
      headers,
      body,
      credentials: 'include',
    });
    const text = await res.text();
    try {
      parsed = text ? JSON.parse(text) : text;
    } catch {
      parsed = text;
    }
  } catch {
    const failure = t('common.networkError');
    if (!config.silent) toastError(failure);
    throw new ApiError(failure, 0);
  }
  const bodyCode =
    parsed && typeof parsed === 'object' && typeof (parsed as { code?: unknown }).code === 'number'
      ? (parsed as { code: number }).code
      : undefined;
  const code = bodyCode ?? res.status;
  if (code === 200) return parsed as T;
  const text = failureText(parsed);
  if (code === 401 && !config.anonymous) onUnauthorized();
  else if (!config.silent) toastError(text);
  throw new ApiError(text, code, parsed);
}

/**
 * A GET answering a file: its reply. A refusal comes in the Blade envelope as JSON and is handled as
 * `request` handles it (401 to sign-in, a toast unless silent), and so is a lost network.
 */
async function fetchFile(config: Omit<RequestConfig, 'method' | 'data'>): Promise<Response> {
  await requestGate();
  const headers: Record<string, string> = {
    Authorization: basicClientHeader(),
    'Accept-Language': getLanguage() === 'en' ? 'en' : 'zh-CN',
    ...config.headers,
  };
  const token = getAccessToken();
  if (token) headers['Blade-Auth'] = `bearer ${token}`;
  let res: Response;
  try {
    res = await transport.fetch(`${config.url}${queryString(config.params)}`, {
      method: 'GET',
      headers,
      credentials: 'include',
    });
  } catch {
    const failure = t('common.networkError');
    if (!config.silent) toastError(failure);
    throw new ApiError(failure, 0);
  }
  if (res.ok && !(res.headers.get('content-type') ?? '').startsWith('application/json')) return res;
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: the status decides
  }
  const failure = failureText(parsed);
  if (res.status === 401) onUnauthorized();
  else if (!config.silent) toastError(failure);
  throw new ApiError(failure, res.status, parsed);
}

/** A GET answering a file (a notice's attachment): resolves with its bytes. */
export async function requestBlob(config: Omit<RequestConfig, 'method' | 'data'>): Promise<Blob> {
  return (await fetchFile(config)).blob();
}

/** A call answering the Blade envelope {code, success, data, msg}: resolves with its data. */
export async function requestData<T>(config: RequestConfig): Promise<T> {
  return (await request<R<T>>(config)).data;
}

/**
 * A file the server answers (an export, a template, a report), saved through the browser under the name
 * the server gives (Content-Disposition), else `fallbackName`. A refusal is read as the Blade envelope.
 */
export async function downloadFile(
  config: Omit<RequestConfig, 'method' | 'data'>,
  fallbackName: string,
): Promise<void> {
  const res = await fetchFile(config);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
