/**
 * Downloads a raw file reply (an XLSX export) with the same headers as every call (lib/api-client.ts):
 * the file is saved under `fileName`; a refusal (the Blade envelope) is shown like any failed call.
 */
import { ApiError, basicClientHeader, failureText, queryString, transport } from './api-client';
import { toastError } from './feedback';
import { getLanguage } from './i18n/i18n';
import { getAccessToken } from './session';

export async function downloadFile(
  url: string,
  params: Record<string, unknown>,
  fileName: string,
): Promise<void> {
  const headers: Record<string, string> = {
    Authorization: basicClientHeader(),
    'Accept-Language': getLanguage() === 'en' ? 'en' : 'zh-CN',
  };
  const token = getAccessToken();
  if (token) headers['Blade-Auth'] = `bearer ${token}`;
  const res = await transport.fetch(`${url}${queryString(params)}`, {
    method: 'GET',
    headers,
    credentials: 'include',
  });
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || type.includes('json')) {
    const body: unknown = await res.json().catch(() => undefined);
    const text = failureText(body);
    toastError(text);
    throw new ApiError(text, res.status, body);
  }
  const href = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(href);
}
