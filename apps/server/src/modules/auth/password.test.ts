import { md5Hex } from '@cf/shared/wire-crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { checkPassword, hashPassword, legacyBladeHash } from './password';

/** The hashes argon2 verified, in order. */
const verified = vi.hoisted(() => [] as string[]);
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...real,
    verify: (hashed: string, password: string) => {
      verified.push(hashed);
      return real.verify(hashed, password);
    },
  };
});

describe('checkPassword', () => {
  const typed = md5Hex('Demo@2024');
  beforeEach(() => {
    verified.length = 0;
  });

  it('verifies a stored argon2id hash once', async () => {
    const stored = await hashPassword(typed);
    expect(await checkPassword(stored, typed)).toEqual({ ok: true, upgrade: false });
    expect(await checkPassword(stored, md5Hex('wrong'))).toEqual({ ok: false, upgrade: false });
    expect(verified).toEqual([stored, stored]);
  });

  it('runs one argon2 verification for an unknown account too, so it takes as long', async () => {
    expect(await checkPassword(null, typed)).toEqual({ ok: false, upgrade: false });
    expect(verified).toHaveLength(1);
    // A dummy hash with the same parameters as every stored one.
    expect(verified[0]).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('runs one argon2 verification beside a legacy hash as well', async () => {
    expect(await checkPassword(legacyBladeHash(typed), typed)).toEqual({ ok: true, upgrade: true });
    expect(verified).toHaveLength(1);
  });
});
