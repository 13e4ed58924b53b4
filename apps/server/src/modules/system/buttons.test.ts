import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, users } from '@server/db/schema';
import { revokeSession, verifyAccessToken } from '../auth/tokens';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { bladeAuth, tokenFor, visitorToken } from '@server-test/issue-token';
import type { MenuRow } from './repo';
import { buildButtonTree, type ButtonNode } from './service';

const URL = '/api/blade-system/menu/buttons';

/** Codes of a tree, parents before children, with their depth: easy to compare whole trees. */
const outline = (nodes: ButtonNode[], depth = 0): string[] =>
  nodes.flatMap((n) => [`${'-'.repeat(depth)}${n.code}`, ...outline(n.children, depth + 1)]);

describe('GET /api/blade-system/menu/buttons', () => {
  let ctx: TestContext;
  const get = (headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url: URL, headers });

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('needs a sign-in: 401 in the Blade shape', async () => {
    const none = await get({ 'accept-language': 'en' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ code: 401, success: false, data: null, msg: 'Please sign in first' });
    const forged = await get({ ...bladeAuth('forged.token.value'), 'accept-language': 'en' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().msg).toBe('Your session has expired, please sign in again');
  });

  it("answers the tree of a student's role, with Chinese names by default", async () => {
    const res = await get(bladeAuth(await tokenFor(ctx, '100001', 'student1')));
    expect(res.statusCode).toBe(200);
    const tree = res.json().data as ButtonNode[];
    expect(outline(tree)).toEqual([
      'mobile',
      '-mobile_fee',
      '--fee_pay',
      '--fee_offline',
      '-mobile_order',
      '--order_cancel',
      '--invoice_apply',
      '-mobile_user',
      '--bank_change',
    ]);
    expect(tree[0]).toMatchObject({ code: 'mobile', name: '移动端' });
    expect(tree[0]!.children[0]!.children[0]).toEqual({ code: 'fee_pay', name: '缴费', children: [] });
  });

  it('uses the English names when asked in English', async () => {
    const res = await get({
      ...bladeAuth(await tokenFor(ctx, '100001', 'teacher1')),
      'accept-language': 'en-US,en;q=0.9',
    });
    const tree = res.json().data as ButtonNode[];
    expect(tree[0]!.name).toBe('Mobile');
    const mine = tree[0]!.children.find((c) => c.code === 'mobile_user')!;
    expect(mine).toEqual({
      code: 'mobile_user',
      name: 'Mine',
      children: [
        { code: 'salary_view', name: 'Salary', children: [] },
        { code: 'bank_change', name: 'Change bank card', children: [] },
      ],
    });
    // Staff do not record other-means payments; students do.
    expect(outline(tree)).not.toContain('--fee_offline');
  });

  it('gives an unbound account only what its visitor role grants, and a WeChat visitor nothing', async () => {
    const guest = await get(bladeAuth(await tokenFor(ctx, '100001', 'guest1')));
    expect(guest.json().data).toEqual([{ code: 'mobile', name: '移动端', children: [] }]);
    const visitor = await get(bladeAuth(await visitorToken(ctx, '100001')));
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json().data).toEqual([]);
  });

  it("ignores a role of another tenant, even if it got into the user's role ids", async () => {
    const db = ctx.database.db;
    const [collegeStudent] = await db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.tenantId, '100002'), eq(roles.roleAlias, 'student')));
    const [guest] = await db
      .update(users)
      .set({ roleIds: `${collegeStudent!.id}` })
      .where(and(eq(users.tenantId, '100001'), eq(users.account, 'guest1')))
      .returning({ id: users.id });
    try {
      const res = await get(bladeAuth(await tokenFor(ctx, '100001', 'guest1')));
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([]);
    } finally {
      const [visitorRole] = await db
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.tenantId, '100001'), eq(roles.roleAlias, 'visitor')));
      await db
        .update(users)
        .set({ roleIds: `${visitorRole!.id}` })
        .where(eq(users.id, guest!.id));
    }
  });

  it('merges several roles and tolerates spaces and junk in the role list', async () => {
    const db = ctx.database.db;
    const uniRoles = await db.select().from(roles).where(eq(roles.tenantId, '100001'));
    const id = (alias: string) => uniRoles.find((r) => r.roleAlias === alias)!.id;
    await db
      .update(users)
      .set({ roleIds: ` ${id('student')}, ${id('employee')},,x` })
      .where(and(eq(users.tenantId, '100001'), eq(users.account, 'student1')));
    const res = await get(bladeAuth(await tokenFor(ctx, '100001', 'student1')));
    const codes = outline(res.json().data as ButtonNode[]);
    expect(codes).toContain('--salary_view');
    expect(codes).toContain('--fee_offline');
    expect(codes.filter((c) => c === '--fee_pay')).toHaveLength(1);
  });

  it('is described in the OpenAPI document without references it does not define', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const route = doc.paths[URL].get;
    expect(route.security).toEqual([{ bladeAuth: [] }]);
    const text = JSON.stringify(route);
    expect(text).toContain('"children"');
    for (const [, name] of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      expect(doc.components?.schemas ?? {}).toHaveProperty(name!);
    }
  });

  it('refuses a token whose session was logged out', async () => {
    const token = await tokenFor(ctx, '100002', 'student2');
    const auth = await verifyAccessToken(ctx.database.db, ctx.config, token);
    await revokeSession(ctx.database.db, auth!.sessionId);
    const res = await get(bladeAuth(token));
    expect(res.statusCode).toBe(401);
  });
});

describe('buildButtonTree', () => {
  const menu = (
    id: number,
    parentId: number | null,
    code: string,
    nameEn: string | null = null,
  ): MenuRow => ({
    id,
    parentId,
    code,
    name: `名${code}`,
    nameEn,
    category: 2,
    path: null,
    sort: 0,
  });
  const all = [
    menu(1, null, 'root', 'Root'),
    menu(2, 1, 'section'),
    menu(3, 2, 'leaf', 'Leaf'),
    menu(4, 1, 'sibling', 'Sibling'),
  ];

  it('hangs an entry under its nearest granted ancestor when its parent is not granted', () => {
    expect(buildButtonTree(all, new Set([1, 3]), 'zh')).toEqual([
      { code: 'root', name: '名root', children: [{ code: 'leaf', name: '名leaf', children: [] }] },
    ]);
  });

  it('puts entries with no granted ancestor at the top, keeping the menu order', () => {
    expect(outline(buildButtonTree(all, new Set([3, 4]), 'zh'))).toEqual(['leaf', 'sibling']);
  });

  it('falls back to the Chinese name when an entry has no English one', () => {
    const tree = buildButtonTree(all, new Set([1, 2]), 'en');
    expect(tree).toEqual([
      { code: 'root', name: 'Root', children: [{ code: 'section', name: '名section', children: [] }] },
    ]);
  });

  it('survives a cycle in the parent links', () => {
    const cyclic = [menu(1, 2, 'a'), menu(2, 1, 'b'), menu(3, 1, 'c')];
    expect(outline(buildButtonTree(cyclic, new Set([3]), 'zh'))).toEqual(['c']);
  });
});
