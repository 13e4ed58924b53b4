/**
 * Real SMS and mail adapters: a JSON POST to the provider's HTTP API with a bearer token
 * (SMS_HTTP_URL / MAIL_HTTP_URL). A non-2xx answer is an error the caller reports.
 */
import type { FetchLike, MailGateway, SmsGateway } from './types';

async function post(
  fetchFn: FetchLike,
  url: string,
  token: string | undefined,
  body: unknown,
): Promise<void> {
  const res = await fetchFn(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (res.status < 200 || res.status >= 300)
    throw new Error(`provider answered ${res.status}: ${await res.text()}`);
}

export function httpSms(fetchFn: FetchLike, url: string, token?: string): SmsGateway {
  return { send: (phone, text) => post(fetchFn, url, token, { phone, text }) };
}

export function httpMail(fetchFn: FetchLike, url: string, token?: string): MailGateway {
  return { send: (to, subject, body) => post(fetchFn, url, token, { to, subject, body }) };
}
