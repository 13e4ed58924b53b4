import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@server/db/client';
import { verificationCodes } from '@server/db/schema';
import type { SmsGateway } from '@server/gateways/types';
import { AppError } from '@server/http/errors';
import { createTestApp, type TestContext } from '@server-test/helpers';
import {
  CODE_MAX_TRIES,
  codeRequester,
  consumeCode,
  DAILY_CAP_PER_PHONE,
  DAILY_CAP_PER_PHONE_ALL_TENANTS,
  sendCode,
  type CheckCodeInput,
  type CodeCourier,
} from './codes';
import { lastCode } from '@server-test/sms-outbox';

describe('verification codes (sendCode, consumeCode)', () => {
  let ctx: TestContext;
  let db: Db;
  let sms: SmsGateway;
  let phoneNo = 0;
  /** A fresh phone for each test, so the resend guard of one test does not reach another. */
  const freshPhone = () => `137${String(10000000 + ++phoneNo)}`;

  /** Sends a code to a fresh phone and answers what consumeCode needs, with the right code. */
  async function issued(tenantId = '100001'): Promise<CheckCodeInput> {
    const phone = freshPhone();
    const { id } = await sendCode(db, sms, { tenantId, phone, purpose: 'bind', lang: 'zh' });
    return { tenantId, phone, verifyId: id, code: await lastCode(db, phone), purpose: 'bind' };
  }
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const reason = async (p: Promise<unknown>) => {
    const err = await p.then(
      () => null,
      (e: unknown) => e,
    );
    return err instanceof AppError ? `${err.status} ${err.messageKey}` : err;
  };
  const attemptsOf = async (id: string) =>
    (await db.select().from(verificationCodes).where(eq(verificationCodes.id, id)))[0]!.attempts;

  beforeAll(async () => {
    ctx = await createTestApp();
    db = ctx.database.db;
    sms = ctx.app.gateways.sms;
  });
  afterAll(() => ctx.close());

  describe('sendCode', () => {
    it('texts six digits through the gateway and stores only their hash', async () => {
      const sent: { tenantId: string; phone: string; text: string }[] = [];
      const phone = freshPhone();
      const { id } = await sendCode(
        db,
        { send: async (tenantId, to, text) => void sent.push({ tenantId, phone: to, text }) },
        { tenantId: '100001', phone, purpose: 'verify', lang: 'en' },
      );
      expect(sent).toHaveLength(1);
      const code = /\d{6}/.exec(sent[0]!.text)![0];
      expect(sent[0]).toMatchObject({ tenantId: '100001', phone });
      const [row] = await db.select().from(verificationCodes).where(eq(verificationCodes.id, id));
      expect(row).toMatchObject({ phone, purpose: 'verify', attempts: 0, consumedAt: null });
      expect(row!.codeHash).not.toBe(code);
      expect(row!.codeHash).not.toContain(code);
    });

    it('gives different codes to different sends', async () => {
      const codes = new Set<string>();
      for (let i = 0; i < 5; i++) codes.add((await issued()).code);
      // Five equal random 6-digit codes would be a one-in-10^24 event.
      expect(codes.size).toBeGreaterThan(1);
    });

    it('removes the code when the provider fails, so the person may retry at once', async () => {
      const phone = freshPhone();
      const failing: CodeCourier = {
        send: async () => {
          throw new Error('provider down');
        },
      };
      const input = { tenantId: '100001', phone, purpose: 'phone' as const, lang: 'zh' as const };
      expect(await reason(sendCode(db, failing, input))).toBe('502 sms.sendFailed');
      expect(await db.select().from(verificationCodes).where(eq(verificationCodes.phone, phone))).toEqual([]);
      await expect(sendCode(db, sms, input)).resolves.toHaveProperty('id');
    });

    it('lets only one of two racing sends to one phone through', async () => {
      const phone = freshPhone();
      const input = { tenantId: '100001', phone, purpose: 'phone' as const, lang: 'zh' as const };
      const results = await Promise.allSettled([sendCode(db, sms, input), sendCode(db, sms, input)]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(refused.reason).toMatchObject({ status: 429, messageKey: 'sms.resendTooSoon' });
    });

    /** Codes sent to a phone two hours ago (past the resend guard, inside the day). */
    const sentEarlier = (phone: string, tenantIds: string[]) =>
      db.insert(verificationCodes).values(
        tenantIds.map((tenantId, i) => ({
          id: `earlier-${phone}-${i}`,
          tenantId,
          phone,
          purpose: 'phone',
          codeHash: 'x',
          expiresAt: sql`now() - interval '1 hour'`,
          createdAt: sql`now() - interval '2 hours'`,
        })),
      );

    it(`caps one phone at ${DAILY_CAP_PER_PHONE_ALL_TENANTS} codes a day across all tenants`, async () => {
      const phone = freshPhone();
      await sentEarlier(phone, Array(DAILY_CAP_PER_PHONE_ALL_TENANTS).fill('100001'));
      // The 11th, from a second tenant that has sent this phone nothing today.
      const input = { tenantId: '100002', phone, purpose: 'phone' as const, lang: 'en' as const };
      expect(await reason(sendCode(db, sms, input))).toBe('429 sms.dailyCap');
      await db
        .update(verificationCodes)
        .set({ createdAt: sql`now() - interval '25 hours'` })
        .where(eq(verificationCodes.phone, phone));
      await expect(sendCode(db, sms, input)).resolves.toHaveProperty('id');
    });

    it('counts the codes of every tenant towards the cap across tenants', async () => {
      const phone = freshPhone();
      await sentEarlier(phone, [
        '100001',
        '100002',
        '100003',
        '100004',
        '100005',
        '100006',
        '100007',
        '100008',
        '100009',
      ]);
      await expect(
        sendCode(db, sms, { tenantId: '100010', phone, purpose: 'bind', lang: 'zh' }),
      ).resolves.toHaveProperty('id');
      expect(
        await reason(sendCode(db, sms, { tenantId: '100011', phone, purpose: 'bind', lang: 'zh' })),
      ).toBe('429 sms.dailyCap');
    });

    it('lets one of several tenants racing for the last code of the day through', async () => {
      const phone = freshPhone();
      await sentEarlier(phone, Array(DAILY_CAP_PER_PHONE_ALL_TENANTS - 1).fill('100003'));
      const results = await Promise.all(
        ['100001', '100002', '100004', '100005', '100006', '100007'].map((tenantId) =>
          reason(sendCode(db, sms, { tenantId, phone, purpose: 'phone', lang: 'zh' })),
        ),
      );
      expect(results.filter((r) => r === '429 sms.dailyCap')).toHaveLength(5);
      const [today] = (
        (await db.execute(
          sql`SELECT count(*)::int AS n FROM verification_codes WHERE phone = ${phone}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows;
      expect(today!.n).toBe(DAILY_CAP_PER_PHONE_ALL_TENANTS);
    });

    it(`keeps the spec's ${DAILY_CAP_PER_PHONE} a day per tenant and phone`, async () => {
      const phone = freshPhone();
      await sentEarlier(phone, Array(DAILY_CAP_PER_PHONE).fill('100001'));
      expect(
        await reason(sendCode(db, sms, { tenantId: '100001', phone, purpose: 'phone', lang: 'zh' })),
      ).toBe('429 sms.dailyCap');
    });

    it('keeps the resend guard per tenant and phone', async () => {
      const first = await issued('100001');
      const other = await sendCode(db, sms, {
        tenantId: '100002',
        phone: first.phone,
        purpose: 'bind',
        lang: 'zh',
      });
      expect(other.id).not.toBe(first.verifyId);
    });
  });

  describe('consumeCode', () => {
    it('lets only the signed-in caller who asked for a code try it; nobody else spends its tries', async () => {
      const phone = freshPhone();
      const owner = codeRequester({ userId: 41, oauthId: null });
      const { id } = await sendCode(db, sms, {
        tenantId: '100001',
        phone,
        purpose: 'verify',
        lang: 'zh',
        requestedBy: owner,
      });
      const input: CheckCodeInput = {
        tenantId: '100001',
        phone,
        verifyId: id,
        code: await lastCode(db, phone),
        purpose: 'verify',
      };
      // Another user, a WeChat visitor and an anonymous caller: as if the code did not exist, no try counted.
      for (const stranger of [
        codeRequester({ userId: 42, oauthId: null }),
        codeRequester({ userId: 0, oauthId: 41 }),
        null,
      ]) {
        expect(
          await reason(consumeCode(db, { ...input, code: wrongCode(input.code), requestedBy: stranger })),
        ).toBe('400 sms.codeExpired');
        expect(await reason(consumeCode(db, { ...input, requestedBy: stranger }))).toBe(
          '400 sms.codeExpired',
        );
      }
      expect(await attemptsOf(id)).toBe(0);
      await expect(consumeCode(db, { ...input, requestedBy: owner })).resolves.toBeUndefined();
    });

    it('lets a signed-in caller use a code asked for before sign-in (the public send endpoint)', async () => {
      const input = await issued();
      await expect(
        consumeCode(db, { ...input, requestedBy: codeRequester({ userId: 7, oauthId: null }) }),
      ).resolves.toBeUndefined();
    });

    it('accepts the right code once and refuses its replay', async () => {
      const input = await issued();
      await expect(consumeCode(db, input)).resolves.toBeUndefined();
      expect(await reason(consumeCode(db, input))).toBe('400 sms.codeExpired');
    });

    it('accepts the code with surrounding spaces', async () => {
      const input = await issued();
      await expect(consumeCode(db, { ...input, code: ` ${input.code} ` })).resolves.toBeUndefined();
    });

    it('counts a wrong code and still accepts the right one afterwards', async () => {
      const input = await issued();
      expect(await reason(consumeCode(db, { ...input, code: wrongCode(input.code) }))).toBe(
        '400 sms.codeWrong',
      );
      expect(await attemptsOf(input.verifyId)).toBe(1);
      await expect(consumeCode(db, input)).resolves.toBeUndefined();
    });

    it(`is dead after ${CODE_MAX_TRIES} wrong tries, even for the right code`, async () => {
      const input = await issued();
      const wrong = { ...input, code: wrongCode(input.code) };
      const reasons: unknown[] = [];
      for (let i = 0; i < CODE_MAX_TRIES; i++) reasons.push(await reason(consumeCode(db, wrong)));
      expect(reasons).toEqual([
        '400 sms.codeWrong',
        '400 sms.codeWrong',
        '400 sms.codeWrong',
        '400 sms.codeWrong',
        '400 sms.codeExhausted',
      ]);
      expect(await reason(consumeCode(db, input))).toBe('400 sms.codeExhausted');
      expect(await attemptsOf(input.verifyId)).toBe(CODE_MAX_TRIES);
    });

    it('gives parallel guesses no more than the allowed tries', async () => {
      const input = await issued();
      const guesses = Array.from({ length: 20 }, (_, i) =>
        reason(
          consumeCode(db, {
            ...input,
            code: String((Number(input.code) + 1 + i) % 1_000_000).padStart(6, '0'),
          }),
        ),
      );
      const reasons = await Promise.all(guesses);
      expect(reasons.filter((r) => r === '400 sms.codeWrong')).toHaveLength(CODE_MAX_TRIES - 1);
      expect(await attemptsOf(input.verifyId)).toBe(CODE_MAX_TRIES);
      expect(await reason(consumeCode(db, input))).toBe('400 sms.codeExhausted');
    });

    it('lets only one of two racing right answers consume the code', async () => {
      const input = await issued();
      const results = await Promise.all([reason(consumeCode(db, input)), reason(consumeCode(db, input))]);
      expect(results.filter((r) => r === null)).toHaveLength(1);
      expect(results.filter((r) => r === '400 sms.codeExpired')).toHaveLength(1);
    });

    it('refuses an expired code', async () => {
      const input = await issued();
      await db
        .update(verificationCodes)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(verificationCodes.id, input.verifyId));
      expect(await reason(consumeCode(db, input))).toBe('400 sms.codeExpired');
      expect(await attemptsOf(input.verifyId)).toBe(0);
    });

    it('refuses the code for another phone, tenant, purpose or verify id, without spending a try', async () => {
      const input = await issued();
      const other = await issued();
      for (const changed of [
        { phone: other.phone },
        { tenantId: '100002' },
        { purpose: 'phone' as const },
        { verifyId: other.verifyId },
        { verifyId: 'no-such-id' },
      ]) {
        expect(await reason(consumeCode(db, { ...input, ...changed }))).toBe('400 sms.codeExpired');
      }
      expect(await attemptsOf(input.verifyId)).toBe(0);
      await expect(consumeCode(db, input)).resolves.toBeUndefined();
    });
  });
});
