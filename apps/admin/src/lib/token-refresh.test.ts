import type { TokenReply } from '@cf/shared/wire/auth';
import { describe, expect, it, vi } from 'vitest';
import { getSession, saveGrant } from './session';
import { createTokenRefresher } from './token-refresh';

const grant = (access: string): TokenReply => ({
  access_token: access,
  refresh_token: `r-${access}`,
  token_type: 'bearer',
  expires_in: 3600,
  tenant_id: '100001',
  user_id: '7',
  oauth_id: '',
  account: 'finance1',
  user_name: 'finance1',
  nick_name: '财务处',
  role_name: 'finance',
  avatar: '',
  user_type: '',
  license: '',
  jti: 'j',
});

describe('token refresher', () => {
  it('leaves a young token alone and renews an old one once, however many calls wait', async () => {
    saveGrant(grant('a1'), 0);
    let now = 1000 * 1000;
    const refresh = vi.fn(async () => grant('a2'));
    const ensureFresh = createTokenRefresher(refresh, () => now);
    await ensureFresh();
    expect(refresh).not.toHaveBeenCalled();

    now = 1801 * 1000;
    await Promise.all([ensureFresh(), ensureFresh(), ensureFresh()]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(refresh).toHaveBeenCalledWith('r-a1', '100001');
    expect(getSession()?.accessToken).toBe('a2');
    expect(getSession()?.issuedAt).toBe(now);
  });

  it('ends the session when the renewal fails', async () => {
    saveGrant(grant('a1'), 0);
    const ensureFresh = createTokenRefresher(
      () => Promise.reject(new Error('refused')),
      () => 3_000_000,
    );
    await ensureFresh();
    expect(getSession()).toBeUndefined();
  });
});
