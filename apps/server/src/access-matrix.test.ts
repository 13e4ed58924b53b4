/**
 * The access matrix: every route of the app (as Fastify registered it, so routes added later are
 * covered) is called by everyone who is not the owner of the data — another user of the tenant, a
 * user and the finance office of another tenant, a WeChat visitor, no token — with the victim's
 * ids filled in. Each call must read none of the victim's data, write nothing, and never answer a
 * 5xx. The table of who may call what is access-matrix-routes.ts.
 */
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROUTES, type RouteRule } from './access-matrix-routes';
import {
  call,
  changedTables,
  fillers,
  fingerprint,
  forgetCodesSent,
  judge,
  plantCallers,
  plantVictim,
  requestsFor,
  routeOps,
  sessionOf,
  UNI,
  UNWATCHED_TABLES,
  type Caller,
  type Fingerprint,
  type OpenApiPaths,
  type Request,
  type RouteOp,
  type Victim,
} from '@server-test/access-matrix-support';
import { buildApp } from './app';
import { loadConfig } from './config';
import { createGateways } from './gateways';
import { waitForImports } from './modules/imports/service';
import { createTestApp, TEST_WIRE_KEY, type TestContext } from '../test/helpers';
import { tokenFor } from '../test/issue-token';
import { resetRateLimits } from '@server-test/user-fixtures';

/** Every route each Fastify instance registers (onRoute sees hidden ones too), by instance. */
type Recorded = { method: string | string[]; url: string; config?: { financeLevel?: string } };
const registered = vi.hoisted(() => new WeakMap<object, Recorded[]>());
vi.mock('fastify', async (importOriginal) => {
  const fastify = await importOriginal<typeof import('fastify')>();
  const create = ((options?: object) => {
    const app = fastify.default(options);
    const routes: Recorded[] = [];
    registered.set(app, routes);
    app.addHook(
      'onRoute',
      (route) => void routes.push({ method: route.method, url: route.url, config: route.config }),
    );
    return app;
  }) as unknown as typeof fastify.default;
  return { ...fastify, default: create, fastify: create };
});

const opsOf = (app: object): RouteOp[] => routeOps(registered.get(app) ?? []);

/**
 * The built web app's and console's files are public static GETs (one route per file when apps/web/dist
 * or apps/admin/dist exists, as in CI after the build): the matrix is about the API, so it builds its
 * apps without them.
 */
const NO_WEB_DIST = path.join(os.tmpdir(), 'cf-access-matrix-no-web-dist');

describe('the access matrix', () => {
  let ctx: TestContext;
  let victim: Victim;
  let victimToken: string;
  let callers: Caller[];
  let ops: RouteOp[];
  let docPaths: OpenApiPaths;
  const tokens = new Map<string, string | null>();

  beforeAll(async () => {
    ctx = await createTestApp({ WEB_DIST: NO_WEB_DIST, ADMIN_DIST: NO_WEB_DIST });
    victimToken = await tokenFor(ctx, UNI, 'student1');
    victim = await plantVictim(ctx, victimToken);
    callers = await plantCallers(ctx);
    docPaths = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths;
    ops = opsOf(ctx.app);
    // Sessions are started here, outside the windows the matrix watches for writes.
    for (const caller of [...callers, victimCaller()]) tokens.set(caller.name, await caller.token());
  });
  afterAll(() => ctx?.close());

  const ruleOf = (op: RouteOp) => ROUTES[op.key]!;
  const docOf = (op: RouteOp) => docPaths[op.path]?.[op.method.toLowerCase()];
  const requestsOf = (op: RouteOp) => requestsFor(op, ruleOf(op), docOf(op), fillers(victim));

  it('knows every route, and every route it knows exists', () => {
    expect(ops.length).toBeGreaterThan(50);
    // Every operation of the OpenAPI document is among the registered routes.
    const keys = new Set(ops.map((o) => o.key));
    for (const [path, methods] of Object.entries(docPaths))
      for (const method of Object.keys(methods)) expect(keys).toContain(`${method.toUpperCase()} ${path}`);
    const unclassified = ops.filter((o) => !ROUTES[o.key]).map((o) => o.key);
    expect(
      unclassified,
      'Routes nobody has decided who may call. Add each to ROUTES in apps/server/src/access-matrix-routes.ts ' +
        'as public, own-data, finance-office or demo-only (and give a path {id} its filler in `ids`)',
    ).toEqual([]);
    const gone = Object.keys(ROUTES).filter((k) => !keys.has(k));
    expect(
      gone,
      'ROUTES names routes the app no longer has: remove them from access-matrix-routes.ts',
    ).toEqual([]);
  });

  it('fills every parameter that names something of the victim’s', () => {
    for (const op of ops.filter((o) => ROUTES[o.key] && ROUTES[o.key]!.class !== 'demo-only'))
      expect(requestsOf(op).length, op.key).toBeGreaterThan(0);
  });

  it('keeps the demo-only routes out of production, and only them', async () => {
    // Only the routes matter here: the app is built on this test's database and never called.
    const config = loadConfig({
      APP_MODE: 'production',
      JWT_SECRET: 'a-production-jwt-secret-that-is-long-enough-0123',
      WIRE_AES_KEY: TEST_WIRE_KEY,
      CLIENT_ID: 'campus-app',
      CLIENT_SECRET: 'a-real-client-secret-0123456789',
      PUBLIC_URL: 'https://pay.example.edu',
      SMS_HTTP_URL: 'https://sms.example.edu/send',
      MAIL_HTTP_URL: 'https://mail.example.edu/send',
      LOG_LEVEL: 'silent',
      WEB_DIST: NO_WEB_DIST,
      ADMIN_DIST: NO_WEB_DIST,
    });
    const db = ctx.database.db;
    const gateways = createGateways(config, db, () => 'https://pay.example.edu');
    const prod = await buildApp({ config, db, gateways, logger: false });
    await prod.ready();
    try {
      const prodKeys = opsOf(prod).map((o) => o.key);
      const demoOnly = ops.filter((o) => ROUTES[o.key]?.class === 'demo-only').map((o) => o.key);
      expect(demoOnly.length).toBeGreaterThan(5);
      expect(
        prodKeys.filter((k) => demoOnly.includes(k)),
        'demo-only routes served in production',
      ).toEqual([]);
      const others = ops
        .filter((o) => ROUTES[o.key] && ROUTES[o.key]!.class !== 'demo-only')
        .map((o) => o.key);
      expect(
        others.filter((k) => !prodKeys.includes(k)),
        'routes missing in production: classify them demo-only',
      ).toEqual([]);
    } finally {
      await prod.close();
    }
  });

  const victimCaller = (): Caller => ({
    name: 'the victim student1 (not finance)',
    tenantId: UNI,
    token: () => tokenFor(ctx, UNI, 'student1'),
  });
  /** The callers of a route: everyone but its owner; for the finance office, the victim too. */
  const callersOf = (rule: RouteRule): Caller[] =>
    rule.class === 'finance-office'
      ? [...callers.filter((c) => c.name !== 'finance1 of 100001'), victimCaller()]
      : callers;

  /** A caller's token; a route that ends the caller's session gets a session of its own each time. */
  const tokenOf = async (caller: Caller, rule: RouteRule) => {
    if (rule.ownSession) return caller.token();
    if (!tokens.has(caller.name)) tokens.set(caller.name, await caller.token());
    return tokens.get(caller.name)!;
  };

  /**
   * Victim markers the matrix sent as a caller of each tenant in requests the app answered: the audit
   * log records an export's filter, so a route that `echoesCallers` may answer them back to that tenant.
   */
  const sentByTenant = new Map<string | null, Set<string>>();
  function remember(tenantId: string | null, req: Request) {
    const sent = req.url + JSON.stringify(req.body ?? {});
    const seen = sentByTenant.get(tenantId) ?? new Set<string>();
    for (const value of Object.values({ ...victim.markers, ...victim.tenantMarkers }))
      if (value && sent.includes(value)) seen.add(value);
    sentByTenant.set(tenantId, seen);
  }

  /**
   * Every caller but the owner sends every request of one route: what went wrong, one line each.
   * Writes are looked for in windows: around each request of a route that ends the caller's
   * session, around each caller's requests of a route that may write, around all calls of a plain
   * GET route (which should write nothing). Each window starts from the end of the one before.
   */
  async function probe(op: RouteOp): Promise<string[]> {
    const db = ctx.database.db;
    const rule = ruleOf(op);
    const problems: string[] = [];
    const mayWrite = (t: string) => rule.mayWrite?.includes(t);
    const window = rule.ownSession ? 'request' : op.method !== 'GET' || rule.mayWrite ? 'caller' : 'route';
    let last: Fingerprint | undefined = await fingerprint(db);
    const open = async (skip: string[] = []) => (skip.length ? fingerprint(db, skip) : last!);
    const close = async (before: Fingerprint, where: string, skip: string[] = []) => {
      // An upload's check runs in the background: its writes belong to the window that started it.
      await waitForImports(db);
      const after = await fingerprint(db, skip);
      last = skip.length ? await fingerprint(db) : after;
      const written = changedTables(before, after).filter((t) => !mayWrite(t));
      if (written.length) problems.push(`${where}: wrote ${written.join(', ')}`);
    };
    const routeBefore = window === 'route' ? await open() : undefined;
    for (const caller of callersOf(rule)) {
      const callerBefore = window === 'caller' ? await open() : undefined;
      const statuses: number[] = [];
      for (const req of requestsOf(op)) {
        const token = await tokenOf(caller, rule);
        const skip = rule.ownSession && token ? [sessionOf(token)] : [];
        await resetRateLimits(db);
        // Routes that text a code: every caller meets the same resend guard, not the last caller's code.
        if (mayWrite('verification_codes')) await forgetCodesSent(db, victim.markers.phone!);
        const before = window === 'request' ? await open(skip) : undefined;
        const reply = await call(ctx, req.method, req.url, token, req.body);
        statuses.push(reply.statusCode);
        const where = `${op.key} as ${caller.name}: ${req.method} ${req.url} ${JSON.stringify(req.body ?? '')}`;
        if (before) await close(before, `${where} (status ${reply.statusCode})`, skip);
        if (reply.statusCode < 400) remember(caller.tenantId, req);
        const sameTenant = caller.tenantId === UNI;
        const echoed = rule.echoesCallers ? sentByTenant.get(caller.tenantId) : undefined;
        const forbidden = Object.fromEntries(
          Object.entries({ ...victim.markers, ...(sameTenant ? {} : victim.tenantMarkers) }).filter(
            ([, value]) => !echoed?.has(value),
          ),
        );
        const judged = judge(reply, req, sameTenant ? rule : { ...rule, allowMarkers: [] }, forbidden);
        problems.push(...judged.problems.map((p) => `${where}: ${p}`));
        if (rule.class !== 'public' && !/\bno-store\b/.test(String(reply.headers['cache-control'])))
          problems.push(`${where}: Cache-Control is ${reply.headers['cache-control']}, not no-store`);
        if (rule.class !== 'public' && !token && ![401, 403].includes(reply.statusCode))
          problems.push(`${where}: answered ${reply.statusCode} without a token, not 401/403`);
        if (rule.class === 'finance-office' && !caller.otherFinance && ![401, 403].includes(reply.statusCode))
          problems.push(`${where}: answered ${reply.statusCode} to a caller without the finance role`);
      }
      if (callerBefore)
        await close(callerBefore, `${op.key} as ${caller.name} (statuses ${statuses.join(', ')})`);
    }
    if (routeBefore)
      await close(
        routeBefore,
        `${op.key} as ${callersOf(rule)
          .map((c) => c.name)
          .join(', ')}`,
      );
    return problems;
  }

  // One case per route of the table (a route the table lacks fails the first case above).
  for (const [key, rule] of Object.entries(ROUTES).filter(([, r]) => r.class !== 'demo-only')) {
    it(`${key} (${rule.class}): nobody else reads or writes the victim’s data, no 5xx`, async () => {
      const op = ops.find((o) => o.key === key);
      if (!op) return; // reported by 'knows every route'
      const problems = await probe(op);
      // A known hole is reported by its own it.fails case below.
      const open = problems.filter((p) => !rule.knownHole || !p.includes(rule.knownHole.problem));
      expect(open, open.join('\n')).toEqual([]);
    });
    if (rule.knownHole)
      it.fails(`KNOWN HOLE (remove knownHole with the fix): ${key}: ${rule.knownHole.note}`, async () => {
        const op = ops.find((o) => o.key === key);
        expect(op, `${key} is gone`).toBeDefined();
        expect(await probe(op!)).toEqual([]);
      });
  }

  const ownerOf = (rule: RouteRule) =>
    rule.class === 'finance-office' ? tokenFor(ctx, UNI, 'finance1') : Promise.resolve(victimToken);

  it('controls: the owner reads the victim’s data through the same requests (the ids are real)', async () => {
    const controlled = ops.filter((o) => ROUTES[o.key]?.ownerSees);
    expect(controlled.length).toBeGreaterThan(8);
    const blind: string[] = [];
    const stored: string[] = [];
    for (const op of controlled) {
      const rule = ruleOf(op);
      const token = await ownerOf(rule);
      // The owner needs no pay link (and one for another order is refused).
      const ownRule = { ...rule, omit: [...(rule.omit ?? []), 'payAuthToken'] };
      for (const req of requestsFor(op, ownRule, docOf(op), fillers(victim))) {
        const reply = await call(ctx, req.method, req.url, token, req.body);
        if (!/\bno-store\b/.test(String(reply.headers['cache-control'])))
          stored.push(`${op.key}: Cache-Control ${reply.headers['cache-control']}`);
        const shown = judge(reply, req, { ...rule, allowMarkers: [] }, victim.markers).problems;
        if (reply.statusCode !== 200 || !shown.some((p) => p.includes("answered the victim's")))
          blind.push(`${op.key}: ${req.url} -> ${reply.statusCode} ${reply.body.slice(0, 200)}`);
      }
    }
    expect(blind, 'the owner did not see the victim’s data, so the matrix would prove nothing').toEqual([]);
    expect(stored, 'replies with the owner’s data a browser or proxy may keep').toEqual([]);
  });

  it('controls: the owner’s own writes through the same requests do change the data', async () => {
    const db = ctx.database.db;
    const writes: [string, () => Promise<string>][] = [
      ['POST /api/blade-finance/admin/bill/{id}/review', () => tokenFor(ctx, UNI, 'finance1')],
      ['POST /api/blade-finance/admin/payment-exception/resolve/{id}', () => tokenFor(ctx, UNI, 'finance1')],
      ['POST /api/blade-finance/order/cancel/{id}', async () => victimToken],
      ['POST /api/blade-user/change-bank-account', async () => victimToken],
    ];
    for (const [key, owner] of writes) {
      const op = ops.find((o) => o.key === key)!;
      const req: Request = requestsOf(op)[0]!;
      await resetRateLimits(db);
      const before = await fingerprint(db);
      const reply = await call(ctx, req.method, req.url, await owner(), req.body);
      expect(reply.statusCode, `${key}: ${reply.body}`).toBe(200);
      expect(
        changedTables(before, await fingerprint(db)).filter((t) => t !== 'audit_log').length,
        key,
      ).toBeGreaterThan(0);
    }
  });

  it('controls: every caller’s session is still alive after the matrix (refusals were not for a dead token)', async () => {
    for (const caller of callers.filter((c) => tokens.get(c.name))) {
      const reply = await call(ctx, 'GET', '/api/blade-auth/oauth/user-info', tokens.get(caller.name)!);
      expect(reply.statusCode, `${caller.name}: ${reply.body}`).toBe(200);
    }
  });

  it('watches every table but the few any request may touch', async () => {
    const watched = await fingerprint(ctx.database.db);
    expect(watched.size).toBeGreaterThan(25);
    expect(Object.keys(UNWATCHED_TABLES)).toEqual(['rate_limits']);
  });
});

/**
 * The finance office's role ladder: every finance-office route names its lowest level in the table
 * (`level`), the route's config says the same, a level below it is refused 403 with the level's words,
 * and that level and those above get past the role check. Each call is a bare one (ids 0, no body), so
 * what lies past the check answers 200, 400 or 404 and changes nothing of the demo's.
 */
describe('the role ladder', () => {
  let ctx: TestContext;
  let ops: RouteOp[];
  let configs: Map<string, string | undefined>;
  const LADDER = [
    { account: 'student1', level: undefined },
    { account: 'finance1', level: 'clerk' },
    { account: 'manager1', level: 'manager' },
    { account: 'admin1', level: 'admin' },
  ] as const;
  const rank = (level: string | undefined) => (level ? ['clerk', 'manager', 'admin'].indexOf(level) : -1);
  const REFUSAL: Record<string, string> = {
    clerk: 'Only the finance office may do this',
    manager: 'Only a finance manager may do this',
    admin: "Only the school's administrator may do this",
  };

  beforeAll(async () => {
    ctx = await createTestApp({ WEB_DIST: NO_WEB_DIST, ADMIN_DIST: NO_WEB_DIST });
    const recorded = registered.get(ctx.app) ?? [];
    ops = opsOf(ctx.app);
    configs = new Map();
    for (const r of recorded) for (const op of routeOps([r])) configs.set(op.key, r.config?.financeLevel);
  });
  afterAll(() => ctx?.close());

  const officeRoutes = () => Object.entries(ROUTES).filter(([, r]) => r.class === 'finance-office');

  it('every finance-office route declares its lowest level, as its route config says; no other route has one', () => {
    const problems: string[] = [];
    expect(officeRoutes().length).toBeGreaterThan(50);
    for (const [key, rule] of Object.entries(ROUTES)) {
      if (!ops.some((o) => o.key === key)) continue; // reported by the matrix
      const configured = configs.get(key) ?? (rule.class === 'finance-office' ? 'clerk' : undefined);
      if (rule.class === 'finance-office' && !rule.level)
        problems.push(`${key}: give it \`level\` (clerk, manager or admin) in access-matrix-routes.ts`);
      else if (rule.level !== configured)
        problems.push(`${key}: the table says ${rule.level}, the route's config.financeLevel ${configured}`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('a level below a route’s is refused 403 in words; that level and those above get past the role check', async () => {
    const problems: string[] = [];
    const tokens = new Map<string, string>();
    for (const { account } of LADDER) tokens.set(account, await tokenFor(ctx, UNI, account));
    for (const [key, rule] of officeRoutes()) {
      const op = ops.find((o) => o.key === key);
      if (!op || !rule.level) continue; // reported above
      const url = op.path.replace(/\{[^}]+\}/g, '0');
      for (const { account, level } of LADDER) {
        await resetRateLimits(ctx.database.db);
        const reply = await call(ctx, op.method, url, tokens.get(account)!);
        const where = `${key} as ${account} (${level ?? 'no finance role'}): ${reply.statusCode} ${reply.body.slice(0, 160)}`;
        const body = reply.headers['content-type']?.toString().includes('json') ? reply.json() : {};
        const roleRefusal = reply.statusCode === 403 && Object.values(REFUSAL).includes(body.msg);
        if (rank(level) < rank(rule.level)) {
          const words = REFUSAL[level === undefined ? 'clerk' : rule.level];
          if (reply.statusCode !== 403 || body.msg !== words)
            problems.push(`${where}: expected 403 "${words}"`);
        } else if (reply.statusCode === 401 || roleRefusal) {
          problems.push(`${where}: refused by the role check`);
        }
        if (reply.statusCode < 500 && !/\bno-store\b/.test(String(reply.headers['cache-control'])))
          problems.push(`${where}: Cache-Control is ${reply.headers['cache-control']}, not no-store`);
        if (reply.statusCode >= 500) problems.push(`${where}: 5xx`);
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
