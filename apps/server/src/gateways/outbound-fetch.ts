/**
 * The one fetch of the server's outbound calls (SMS and mail providers, WeChat, WeChat Pay, the e-bill
 * platform, payment notifies): it never follows a redirect. An address is checked where it is saved and
 * before each send (public-address.ts); a redirect's target would be checked by nobody, so a first hop
 * answering 3xx to a loopback or inner address would deliver the request there. A 3xx answer is a failed
 * call whose message names the status and where it pointed (its origin only: a Location may carry a
 * token), never read further.
 */
import type { PayFetch } from './wechat-pay/types';

export class RedirectNotFollowed extends Error {
  constructor(
    readonly status: number,
    url: string,
    location: string | null,
  ) {
    super(
      `${new URL(url).origin} answered ${status}, a redirect${
        location ? ` to ${originOf(location, url)}` : ''
      }; redirects are not followed`,
    );
    this.name = 'RedirectNotFollowed';
  }
}

function originOf(location: string, base: string): string {
  try {
    return new URL(location, base).origin;
  } catch {
    return 'an unreadable address';
  }
}

export const outboundFetch: PayFetch = async (url, init) => {
  const res = await fetch(url, { ...init, redirect: 'manual' });
  if (res.status >= 300 && res.status < 400) {
    await res.body?.cancel().catch(() => undefined);
    throw new RedirectNotFollowed(res.status, url, res.headers.get('location'));
  }
  return res;
};
