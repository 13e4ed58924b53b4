/**
 * Real SMS and mail adapters: a JSON POST to the provider's HTTP API with a bearer token —
 * `{phone, text, sender?}` and `{to, subject, body, sender?}`, the sender (SMS sign name, mail from)
 * only when one is set. The address and token are the deployment's (SMS_HTTP_* / MAIL_HTTP_*) or a
 * school's own (tenant_providers, gateways/notify-providers.ts). A non-2xx answer is an error the
 * caller reports; its text names the status and the provider's words, never the token.
 */
import type { FetchLike, MailAccount, SmsAccount } from './types';

export interface HttpProvider {
  url: string;
  token?: string;
}

/** Enough of the provider's answer to tell why, without filling a log line with a page. */
const ANSWER_LIMIT = 300;

async function post(fetchFn: FetchLike, provider: HttpProvider, body: unknown): Promise<void> {
  const res = await fetchFn(provider.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(provider.token ? { authorization: `Bearer ${provider.token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (res.status < 200 || res.status >= 300) {
    const answer = (await res.text()).slice(0, ANSWER_LIMIT);
    // A provider that echoes the request must not carry the token into a log line.
    const safe = provider.token ? answer.split(provider.token).join('[REDACTED]') : answer;
    throw new Error(`provider answered ${res.status}: ${safe}`);
  }
}

export function httpSms(fetchFn: FetchLike, provider: HttpProvider): SmsAccount {
  return {
    send: ({ phone, text, sender }) =>
      post(fetchFn, provider, { phone, text, ...(sender ? { sender } : {}) }),
  };
}

export function httpMail(fetchFn: FetchLike, provider: HttpProvider): MailAccount {
  return {
    send: ({ to, subject, body, sender }) =>
      post(fetchFn, provider, { to, subject, body, ...(sender ? { sender } : {}) }),
  };
}
