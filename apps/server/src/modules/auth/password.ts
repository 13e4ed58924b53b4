/**
 * Stored passwords: argon2id of the lower-case MD5 hex the client sends (after AES decryption).
 * A legacy BladeX hash (sha1 hex of that MD5 hex) is accepted and upgraded at the next login.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

const LEGACY_SHA1 = /^[0-9a-f]{40}$/i;
// argon2id, OWASP's second recommended profile (m=19 MiB, t=2, p=1).
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(md5Hex: string): Promise<string> {
  return hash(md5Hex.toLowerCase(), OPTIONS);
}

export function legacyBladeHash(md5Hex: string): string {
  return createHash('sha1').update(md5Hex.toLowerCase()).digest('hex');
}

export interface PasswordCheck {
  ok: boolean;
  /** true when the stored hash is a legacy one that should be replaced now. */
  upgrade: boolean;
}

/** A hash of nothing anyone knows, with the same parameters, verified when there is no real one. */
let dummyHash: Promise<string> | undefined;
async function verifyDummy(md5Hex: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verify(await dummyHash, md5Hex.toLowerCase()).catch(() => false);
}

/**
 * Takes one argon2 verification whatever is stored (nothing for an unknown account, a legacy
 * hash), so the time of the answer does not tell whether the account exists.
 */
export async function checkPassword(stored: string | null, md5Hex: string): Promise<PasswordCheck> {
  if (!stored) {
    await verifyDummy(md5Hex);
    return { ok: false, upgrade: false };
  }
  if (LEGACY_SHA1.test(stored)) {
    await verifyDummy(md5Hex);
    const a = Buffer.from(legacyBladeHash(md5Hex));
    const b = Buffer.from(stored.toLowerCase());
    const ok = a.length === b.length && timingSafeEqual(a, b);
    return { ok, upgrade: ok };
  }
  try {
    return { ok: await verify(stored, md5Hex.toLowerCase()), upgrade: false };
  } catch {
    return { ok: false, upgrade: false };
  }
}
