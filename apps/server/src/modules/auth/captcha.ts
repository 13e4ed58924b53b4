/**
 * Image captchas of the login form: one-time, case-insensitive, 5 minutes. The text lives in
 * PostgreSQL so any API process can check it.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { captchas } from '@server/db/schema';

export const CAPTCHA_TTL_SECONDS = 300;

export async function createCaptcha(db: Db): Promise<{ key: string; image: string }> {
  // Characters people confuse (0/o, 1/l/i) are left out.
  // Loaded on the first captcha, not at start (bench/start.mjs).
  const { default: svgCaptcha } = await import('svg-captcha');
  const { data, text } = svgCaptcha.create({
    size: 4,
    noise: 2,
    ignoreChars: '0oO1lIi',
    width: 120,
    height: 40,
  });
  const key = randomUUID();
  // Expired rows are useless; dropping them here keeps the table to a few minutes of logins.
  await db.delete(captchas).where(lt(captchas.expiresAt, sql`now()`));
  await db
    .insert(captchas)
    .values({ key, text, expiresAt: new Date(Date.now() + CAPTCHA_TTL_SECONDS * 1000) });
  return { key, image: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}` };
}

export type CaptchaCheck = 'ok' | 'wrong' | 'expired';

/** Uses up the captcha whatever the answer, so one image allows one guess. */
export async function consumeCaptcha(db: Db, key: string, answer: string): Promise<CaptchaCheck> {
  const [row] = await db
    .update(captchas)
    .set({ usedAt: sql`now()` })
    .where(and(eq(captchas.key, key), isNull(captchas.usedAt), sql`${captchas.expiresAt} > now()`))
    .returning({ text: captchas.text });
  if (!row) return 'expired';
  return row.text.toLowerCase() === answer.trim().toLowerCase() ? 'ok' : 'wrong';
}

/** The text of a captcha (demo mode's dev route, so a test or a person can finish a login offline). */
export async function captchaText(db: Db, key: string): Promise<string | undefined> {
  const [row] = await db.select({ text: captchas.text }).from(captchas).where(eq(captchas.key, key));
  return row?.text;
}
