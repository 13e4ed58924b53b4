import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dicts, params } from '@server/db/schema';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { bladeAuth, tokenFor } from '@server-test/issue-token';

const EN = { 'accept-language': 'en' };

describe('system params, dictionaries and mobile modules', () => {
  let ctx: TestContext;
  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    ctx = await createTestApp();
    // Data only the college has, so a leak into the university would show.
    await ctx.database.db.insert(params).values({
      tenantId: '100002',
      paramType: 'college',
      paramKey: 'college_only',
      paramValue: 'secret-ish',
    });
    await ctx.database.db.insert(dicts).values({
      tenantId: '100002',
      code: 'flow',
      dictKey: 'college_flow',
      dictValue: '学院流程',
      remark: 'collegeFlow',
      sort: 9,
    });
  });
  afterAll(() => ctx.close());

  describe('GET /api/blade-system/param/value', () => {
    it('answers the value of the tenant named in the query', async () => {
      const uni = await get(
        '/api/blade-system/param/value?paramType=account&paramKey=account_registerPhone&tenantId=100001',
      );
      expect(uni.statusCode).toBe(200);
      expect(uni.json()).toEqual({ code: 200, success: true, data: '1', msg: '操作成功' });
      const college = await get(
        '/api/blade-system/param/value?paramKey=account_registerPhone&tenantId=100002',
      );
      expect(college.json().data).toBe('0');
    });

    it('takes the tenant from the Tenant-Id header when the query has none', async () => {
      const res = await get('/api/blade-system/param/value?paramKey=bind_studentNoAlias', {
        'tenant-id': '100002',
      });
      expect(res.json().data).toBe('学籍号');
    });

    it('answers "" for a key the tenant has not set', async () => {
      const res = await get('/api/blade-system/param/value?paramKey=no_such_key&tenantId=100001');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toBe('');
    });

    it("never answers another tenant's param", async () => {
      const res = await get('/api/blade-system/param/value?paramKey=college_only&tenantId=100001');
      expect(res.json().data).toBe('');
      const own = await get('/api/blade-system/param/value?paramKey=college_only&tenantId=100002');
      expect(own.json().data).toBe('secret-ish');
    });

    it('asks for the param key', async () => {
      const res = await get('/api/blade-system/param/value?tenantId=100001', EN);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, success: false, data: null });
      // The wording (required / not valid) is the shared error handler's; the field must be named.
      expect(res.json().msg).toMatch(/^paramKey is /);
    });
  });

  describe('GET /api/blade-system/param/value-list', () => {
    it('lists every param of the tenant and nothing of another', async () => {
      const uni = await get('/api/blade-system/param/value-list?tenantId=100001');
      expect(uni.statusCode).toBe(200);
      const map = Object.fromEntries(
        (uni.json().data as { paramKey: string; paramValue: string }[]).map((p) => [
          p.paramKey,
          p.paramValue,
        ]),
      );
      expect(map).toMatchObject({
        account_registerPhone: '1',
        account_disableUserCenter: '0',
        bind_userTypes: 'student,employee,other',
        bind_employeeRule: '1',
      });
      expect(map).not.toHaveProperty('college_only');

      const college = await get('/api/blade-system/param/value-list?tenantId=100002');
      const collegeKeys = (college.json().data as { paramKey: string }[]).map((p) => p.paramKey);
      expect(collegeKeys).toContain('college_only');
    });

    it('refuses an unknown tenant, in Chinese by default and in English on request', async () => {
      const zh = await get('/api/blade-system/param/value-list?tenantId=999999');
      expect(zh.statusCode).toBe(400);
      expect(zh.json()).toEqual({ code: 400, success: false, data: null, msg: '租户不存在' });
      const en = await get('/api/blade-system/param/value-list?tenantId=999999', EN);
      expect(en.json().msg).toBe('Unknown tenant');
    });

    it('asks for a tenant when none is named', async () => {
      const res = await get('/api/blade-system/param/value-list', EN);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('Please choose a tenant');
    });
  });

  describe('GET /api/blade-system/dict/dictionary', () => {
    it('lists the flow entries of the tenant in their order', async () => {
      const res = await get('/api/blade-system/dict/dictionary?code=flow&tenantId=100001');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([
        { code: 'flow', dictKey: 'fee', dictValue: '学生缴费', remark: 'fee' },
        { code: 'flow', dictKey: 'other', dictValue: '综合缴费', remark: 'feeOther' },
        { code: 'flow', dictKey: 'order', dictValue: '我的订单', remark: 'order' },
        { code: 'flow', dictKey: 'notice', dictValue: '通知公告', remark: 'noticeList' },
      ]);
    });

    it("keeps one tenant's entries from another", async () => {
      const uni = await get('/api/blade-system/dict/dictionary?code=flow&tenantId=100001');
      expect((uni.json().data as { dictKey: string }[]).map((d) => d.dictKey)).not.toContain('college_flow');
      const college = await get('/api/blade-system/dict/dictionary?code=flow&tenantId=100002');
      expect((college.json().data as { dictKey: string }[]).at(-1)).toEqual({
        code: 'flow',
        dictKey: 'college_flow',
        dictValue: '学院流程',
        remark: 'collegeFlow',
      });
    });

    it('answers an empty list for an unknown code and asks for a code', async () => {
      const none = await get('/api/blade-system/dict/dictionary?code=nope&tenantId=100001');
      expect(none.json().data).toEqual([]);
      const missing = await get('/api/blade-system/dict/dictionary?tenantId=100001', EN);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().msg).toMatch(/^Code is /);
    });
  });

  describe('GET /api/blade-system/tenant/mobile-module', () => {
    it('answers the modules in both stored forms: a list and a comma string', async () => {
      const list = await get('/api/blade-system/tenant/mobile-module?tenantId=100001');
      expect(list.statusCode).toBe(200);
      expect(list.json().data).toEqual([
        'fee',
        'feeOther',
        'order',
        'notice',
        'invoice',
        'signature',
        'salary',
        'enroll',
        'recharge',
      ]);
      const text = await get('/api/blade-system/tenant/mobile-module?tenantId=100002');
      expect(text.json().data).toBe('fee,feeOther,order,notice');
    });

    it('refuses an unknown tenant', async () => {
      const res = await get('/api/blade-system/tenant/mobile-module?tenantId=abcdef', EN);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('Unknown tenant');
    });
  });

  describe('a signed-in caller', () => {
    it("gets the token's tenant, whatever tenantId the query names", async () => {
      const token = await tokenFor(ctx, '100001', 'student1');
      const headers = bladeAuth(token);
      const param = await get('/api/blade-system/param/value?paramKey=college_only&tenantId=100002', headers);
      expect(param.json().data).toBe('');
      const value = await get(
        '/api/blade-system/param/value?paramKey=account_registerPhone&tenantId=100002',
        headers,
      );
      expect(value.json().data).toBe('1');
      const list = await get('/api/blade-system/param/value-list?tenantId=100002', headers);
      expect((list.json().data as { paramKey: string }[]).map((p) => p.paramKey)).not.toContain(
        'college_only',
      );
      const dict = await get('/api/blade-system/dict/dictionary?code=flow&tenantId=100002', headers);
      expect((dict.json().data as { dictKey: string }[]).map((d) => d.dictKey)).not.toContain('college_flow');
      const modules = await get('/api/blade-system/tenant/mobile-module?tenantId=100002', headers);
      expect(Array.isArray(modules.json().data)).toBe(true);
      const viaHeader = await get('/api/blade-system/param/value?paramKey=college_only', {
        ...headers,
        'tenant-id': '100002',
      });
      expect(viaHeader.json().data).toBe('');
    });

    it('is answered for its own tenant even when the query names an unknown one', async () => {
      const token = await tokenFor(ctx, '100002', 'student2');
      const res = await get('/api/blade-system/param/value-list?tenantId=999999', bladeAuth(token));
      expect(res.statusCode).toBe(200);
      expect((res.json().data as { paramKey: string }[]).map((p) => p.paramKey)).toContain('college_only');
    });

    it('with a forged token is treated as not signed in on these public routes', async () => {
      const res = await get(
        '/api/blade-system/param/value?paramKey=college_only&tenantId=100002',
        bladeAuth('not.a.token'),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toBe('secret-ish');
    });
  });
});
