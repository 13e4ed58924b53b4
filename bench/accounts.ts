// How the benchmarks that start the compiled demo server read replies and sign in: an account's
// password sign-in with the demo's captcha answer (`/api/dev/captcha`, demo mode only), as the console and
// the phone app do it.
import { encryptPassword } from '@cf/shared/wire-crypto';

/** The demo's client credentials (saber), as the apps send them. */
export const BASIC = 'Basic ' + Buffer.from('saber:saber_secret').toString('base64');
/** Every demo account's password. */
const DEMO_PASSWORD = 'Demo@2024';

/** A request's JSON reply; a reply that is not JSON is an error naming the address and its start. */
export async function json(url: string, init: RequestInit = {}) {
  const res = await fetch(url, init);
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${url}: ${res.status} ${text.slice(0, 200)}`);
  }
}

/**
 * Signs `username` of `tenant` in at `base`; `wireKey` is the server's WIRE_AES_KEY (passwords travel
 * encrypted with it). Answers the headers of that account's requests.
 */
export async function signInAccount(
  base: string,
  account: { tenant: string; username: string; wireKey: string; password?: string },
): Promise<{ authorization: string; 'blade-auth': string }> {
  const { key } = await json(`${base}/api/blade-auth/oauth/captcha`);
  const { data } = await json(`${base}/api/dev/captcha/${key}`);
  const q = new URLSearchParams({
    tenantId: account.tenant,
    username: account.username,
    password: encryptPassword(account.password ?? DEMO_PASSWORD, account.wireKey),
    grant_type: 'password',
    scope: 'all',
    type: 'account',
  });
  const token = await json(`${base}/api/blade-auth/oauth/token?${q}`, {
    method: 'POST',
    headers: {
      authorization: BASIC,
      'tenant-id': account.tenant,
      'captcha-key': key,
      'captcha-code': data.text,
    },
  });
  if (!token.access_token)
    throw new Error(`sign-in of ${account.username} failed: ${JSON.stringify(token).slice(0, 200)}`);
  return { authorization: BASIC, 'blade-auth': `bearer ${token.access_token}` };
}
