/**
 * Binding in Demo College (100002): students found by ID card (one card matches two students),
 * e-mail required, the tenant waives SMS; and the encrypted student pick list with its tenant wall.
 * Issue 9: with SMS waived a binding waits for the finance office (pending, reads nothing), and the
 * pick list answers only a caller who is binding, with the form's name, masked, per-ID and per-address limits.
 */
import { aesDecrypt, aesEncrypt } from '@cf/shared/wire-crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TEST_WIRE_KEY, type TestContext } from '@server-test/helpers';
import {
  allowResend,
  call,
  lastCode,
  resetRateLimits,
  signIn,
  visitorSignIn,
} from '@server-test/user-fixtures';

const T = '100002';
const SHARED_ID_CARD = '320102200501005555';
const sunForm = { userType: 'student', idCard: SHARED_ID_CARD, realName: '孙九', email: 'sun9@example.edu' };

describe('binding in a tenant that binds by ID card', () => {
  let ctx: TestContext;
  const db = () => ctx.database.db;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());
  beforeEach(() => resetRateLimits(db()));

  const bind = (token: string, form: Record<string, string>) =>
    call(ctx, 'POST', '/api/blade-user/bind-user', { token, query: form });

  it.each([
    [{ ...sunForm, email: '' }, 'Please enter your e-mail'],
    [{ ...sunForm, email: 'sun9.example.edu' }, 'Email format is incorrect'],
    [{ ...sunForm, idCard: '' }, 'ID number is empty'],
    [{ ...sunForm, userType: 'employee', code: 'E1001' }, 'This user type cannot be bound here'],
    // Demo University's student: another tenant's people do not exist here.
    [
      { ...sunForm, idCard: '110101200401071234', realName: '张三' },
      'The ID number does not exist. Please check your input',
    ],
    [
      { ...sunForm, realName: '郑十' },
      'No student matches; please check the student number, name and ID number',
    ],
    [
      {
        userType: 'other',
        idType: '1',
        idCard: '32010219900101777',
        realName: '钱十一',
        email: 'q@example.edu',
      },
      'Please enter a valid ID number',
    ],
  ])('refuses %j with "%s"', async (form, message) => {
    const { tokens } = await visitorSignIn(ctx, T, `o-college-${Math.random()}`);
    const res = await bind(tokens.access_token, form);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, success: false, data: null, msg: message });
  });

  it('asks which student when one ID card matches several, then binds the one picked, pending', async () => {
    const { tokens } = await visitorSignIn(ctx, T, 'o-college-sun9');
    const several = await bind(tokens.access_token, sunForm);
    expect(several.statusCode).toBe(400);
    expect(several.json().msg).toBe('Several students have this ID number; please choose the student number');

    const unknownPick = await bind(tokens.access_token, { ...sunForm, code: 'C2024002' });
    expect(unknownPick.json().msg).toBe(
      'No student matches; please check the student number, name and ID number',
    );

    const picked = await bind(tokens.access_token, { ...sunForm, code: 'C2021007' });
    expect(picked.statusCode).toBe(200);
    // Pending: the new user is not yet of the student's type and holds the visitor role.
    expect(picked.json().data).toMatchObject({ tenant_id: T, user_type: '', role_name: 'visitor' });
    expect(picked.json().data.user_id).not.toBe('0');
    const info = await call(ctx, 'GET', '/api/blade-user/bind-info', {
      token: picked.json().data.access_token,
    });
    // The tenant waives SMS: nothing proves the binder holds the person, so it waits for the office.
    expect(info.json().data).toMatchObject({
      bound: false,
      bindingStatus: 'pending',
      studentNo: null,
      startYear: null,
      major: null,
      email: 'sun9@example.edu',
      financeEmail: 'sun9@example.edu',
      // No SMS step in this tenant: no phone is taken from the form.
      phone: null,
    });
  });

  it('binds (pending) a student found by a unique ID card without a pick', async () => {
    const { tokens } = await visitorSignIn(ctx, T, 'o-college-zheng10');
    const res = await bind(tokens.access_token, {
      userType: 'student',
      idCard: '320102200502046666',
      realName: '郑十',
      email: 'z10@example.edu',
    });
    expect(res.statusCode).toBe(200);
    const info = await call(ctx, 'GET', '/api/blade-user/bind-info', { token: res.json().data.access_token });
    expect(info.json().data).toMatchObject({ bound: false, bindingStatus: 'pending', studentNo: null });
  });

  it('check-and-send-validate sends to the held phone though the form shows no phone', async () => {
    const { tokens } = await visitorSignIn(ctx, T, 'o-college-send');
    await allowResend(db(), '13800000004');
    const res = await call(ctx, 'POST', '/api/blade-user/check-and-send-validate', {
      token: tokens.access_token,
      query: { ...sunForm, code: 'C2024001' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ phoneMasked: '138****0004', heldPhone: true });
    expect(await lastCode(db(), '13800000004')).toMatch(/^\d{6}$/);
  });

  it('shows a visitor as not bound', async () => {
    const { tokens } = await visitorSignIn(ctx, T, 'o-college-fresh');
    const res = await call(ctx, 'GET', '/api/blade-user/bind-info', { token: tokens.access_token });
    expect(res.json()).toMatchObject({ code: 200, data: { bound: false, userType: null, code: null } });
  });

  describe('get-student-list-by-id-card', () => {
    const list = (token: string, data: string) =>
      call(ctx, 'GET', '/api/blade-user/get-student-list-by-id-card', { token, query: { data } });
    const query = (idCard: string, realName = '孙九') =>
      aesEncrypt(JSON.stringify({ idCard, realName }), TEST_WIRE_KEY);
    const decrypt = (data: string) => JSON.parse(aesDecrypt(data, TEST_WIRE_KEY)) as unknown;
    const visitor = async () =>
      (await visitorSignIn(ctx, T, `o-college-list-${Math.random()}`)).tokens.access_token;

    it('answers a binding visitor only what the pick popup needs, encrypted as the browser decrypts it', async () => {
      const res = await list(await visitor(), query(SHARED_ID_CARD));
      expect(res.statusCode).toBe(200);
      expect(decrypt(res.json().data)).toEqual([
        { studentNo: 'C2021007', studentName: '孙*', startYear: 2021 },
        { studentNo: 'C2024001', studentName: '孙*', startYear: 2024 },
      ]);
    });

    it('answers nothing for a name that is not the ID card holder', async () => {
      const res = await list(await visitor(), query(SHARED_ID_CARD, '郑十'));
      expect(decrypt(res.json().data)).toEqual([]);
      const noName = await list(await visitor(), aesEncrypt(`{"idCard":"${SHARED_ID_CARD}"}`, TEST_WIRE_KEY));
      expect(noName.statusCode).toBe(400);
      expect(noName.json().msg).toBe('Please enter your name');
    });

    it('refuses a look-up that is no step of a bind: a tenant whose form asks the number', async () => {
      const { tokens } = await visitorSignIn(ctx, '100001', `o-uni-list-${Math.random()}`);
      const university = await list(tokens.access_token, query('110101200401071234', '张三'));
      expect(university.statusCode).toBe(403);
      expect(university.json().msg).toBe('Students are looked up by ID number only while binding');
    });

    it('answers a bound user rebinding (the rebinding popup) the same minimal list', async () => {
      const bound = await signIn(ctx, T, 'student2');
      const res = await list(bound.access_token, query(SHARED_ID_CARD));
      expect(decrypt(res.json().data)).toEqual([
        { studentNo: 'C2021007', studentName: '孙*', startYear: 2021 },
        { studentNo: 'C2024001', studentName: '孙*', startYear: 2024 },
      ]);
    });

    it("never shows another tenant's students", async () => {
      const res = await list(await visitor(), query('110101200401071234', '张三'));
      expect(decrypt(res.json().data)).toEqual([]);
    });

    it.each([
      ['not Base64', '%%%not-base64%%%', 'The encrypted data is not valid Base64'],
      [
        'Base64 that is no cipher text',
        Buffer.from('hello').toString('base64'),
        'The encrypted data cannot be decrypted',
      ],
      [
        'a cipher of the wrong key',
        aesEncrypt('{"idCard":"1"}', 'AnotherKey_0123456789abcdefghijk'),
        'The encrypted data cannot be decrypted',
      ],
      [
        'AES of text that is not JSON',
        aesEncrypt('idCard=320102', TEST_WIRE_KEY),
        'The data is not valid JSON',
      ],
      ['JSON without idCard', aesEncrypt('{"id":"320102200501005555"}', TEST_WIRE_KEY), 'ID number is empty'],
    ])('refuses %s with a 400', async (_what, data, message) => {
      const res = await list(await visitor(), data);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 400, success: false, data: null, msg: message });
    });

    it('is rate-limited per caller and needs a token', async () => {
      const token = await visitor();
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++)
        statuses.push((await list(token, query(`32010220050101${1000 + i}`))).statusCode);
      expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
      expect(statuses[20]).toBe(429);
      expect(
        (
          await call(ctx, 'GET', '/api/blade-user/get-student-list-by-id-card', {
            query: { data: query(SHARED_ID_CARD) },
          })
        ).statusCode,
      ).toBe(401);
    });

    it('is rate-limited per looked-up ID number, however many WeChat identities ask', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++)
        statuses.push((await list(await visitor(), query(SHARED_ID_CARD))).statusCode);
      expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
      expect(statuses[10]).toBe(429);
    });

    it('is rate-limited per client address, however many identities and ID numbers', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++)
        statuses.push((await list(await visitor(), query(`32010220050102${1000 + i}`))).statusCode);
      expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
      expect(statuses[30]).toBe(429);
    });
  });
});
