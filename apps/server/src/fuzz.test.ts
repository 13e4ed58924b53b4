/**
 * Property-based fuzzing of every route the OpenAPI document lists (issue 9): hostile values in path
 * params, query and body — NUL bytes and other controls, ids of 2^31 and 2^63, negatives, 1e400,
 * booleans, arrays, objects, 10 kB strings, lone surrogates, RTL marks, emoji — signed in and not.
 * Whatever comes in, the answer is below 500 and in the Blade envelope (the token endpoint: its own
 * {error_code, error_description}). Seeded, so a failure replays.
 */
import fc from 'fast-check';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicAuth, createTestApp, type TestContext } from '../test/helpers';
import { tokenFor } from '../test/issue-token';
import { TOKEN_ENDPOINT } from './http/errors';

/** 1e400 has no JSON.stringify form: it is spliced into the JSON text. */
const HUGE = Symbol('1e400');
const HUGE_MARK = '__fuzz_1e400__';

const hostile: unknown[] = [
  '\u0000',
  'a\u0000b',
  '1\u0000',
  '\u0007\u001b[2J',
  2 ** 31,
  2 ** 31 - 1,
  2 ** 63,
  '2147483648',
  '9223372036854775808',
  -1,
  '-1',
  0,
  1.5,
  HUGE,
  '1e400',
  true,
  false,
  null,
  [1],
  ['1', '2'],
  { a: 1 },
  'x'.repeat(10_240),
  '\ud800',
  'a\udc00b',
  '\u202eevil\u202c',
  '\u200f\u200e',
  '😀👨‍👩‍👧',
  '0x10',
  '',
  ' ',
  "' OR 1=1 --",
  '../../etc/passwd',
];

/** What a path or query carries: text only. Lone surrogates cannot be percent-encoded, so raw bytes. */
function asUrlText(value: unknown): string {
  if (value === HUGE) return '1e400';
  if (typeof value === 'string') {
    if (/[\ud800-\udfff]/.test(value) && !/[\ud800-\udbff][\udc00-\udfff]/.test(value)) return '%ED%A0%80';
    return encodeURIComponent(value);
  }
  return encodeURIComponent(typeof value === 'object' ? JSON.stringify(value) : String(value));
}

function jsonText(body: unknown): string {
  return JSON.stringify(body, (_key, v: unknown) => (v === HUGE ? HUGE_MARK : v)).replaceAll(
    `"${HUGE_MARK}"`,
    '1e400',
  );
}

interface Operation {
  method: 'GET' | 'POST';
  path: string;
  pathParams: string[];
  query: string[];
  body: string[];
}

function operationsOf(doc: OpenAPIV3.Document): Operation[] {
  const list: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of ['get', 'post'] as const) {
      const op = item?.[method];
      if (!op) continue;
      const params = (op.parameters ?? []) as OpenAPIV3.ParameterObject[];
      const content = (op.requestBody as OpenAPIV3.RequestBodyObject | undefined)?.content;
      const schema = content && (Object.values(content)[0]?.schema as OpenAPIV3.SchemaObject | undefined);
      list.push({
        method: method.toUpperCase() as 'GET' | 'POST',
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: params.filter((p) => p.in === 'query').map((p) => p.name),
        body: Object.keys(schema?.properties ?? {}),
      });
    }
  }
  return list;
}

/** Stand-ins of outside systems answer in those systems' own protocols; only "no 5xx" holds there. */
const OWN_PROTOCOL = [/\/pay\/notify\//, /\/pay\/sandbox\/checkout$/, /^\/api\/dev\//];

let ctx: TestContext;
let operations: Operation[];
const tokens: Record<string, string | undefined> = { none: undefined };

beforeAll(async () => {
  ctx = await createTestApp();
  const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json() as OpenAPIV3.Document;
  operations = operationsOf(doc);
  tokens.student1 = await tokenFor(ctx, '100001', 'student1');
  tokens.finance1 = await tokenFor(ctx, '100001', 'finance1');
});
afterAll(() => ctx?.close());

const value = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...hostile) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer({ min: -(2 ** 40), max: 2 ** 40 }) },
);

function requestArbitrary(op: Operation) {
  const fields = (names: string[]) =>
    fc.record(Object.fromEntries(names.map((n) => [n, value])) as Record<string, typeof value>, {
      requiredKeys: [],
    });
  return fc.record({
    who: fc.constantFrom('none', 'student1', 'finance1'),
    path: fc.record(Object.fromEntries(op.pathParams.map((n) => [n, value])) as Record<string, typeof value>),
    query: fields(op.query),
    body: fc.oneof(
      { weight: 6, arbitrary: fields(op.body) },
      { weight: 1, arbitrary: fc.constantFrom<unknown>([], 'text', null, 7, [{ a: '\u0000' }]) },
    ),
    form: fc.boolean(),
    header: fc.oneof(
      { weight: 5, arbitrary: fc.constant<Record<string, string>>({}) },
      {
        weight: 1,
        arbitrary: fc.constantFrom<Record<string, string>>(
          { 'tenant-id': '1000\u000001' },
          { 'pay-auth-token': 'x\u0000' },
          { 'captcha-key': '\u0000', 'captcha-code': '\u0000' },
        ),
      },
    ),
  });
}

type Sample = ReturnType<typeof requestArbitrary> extends fc.Arbitrary<infer T> ? T : never;

async function send(op: Operation, s: Sample) {
  let url = op.path;
  for (const name of op.pathParams) url = url.replace(`{${name}}`, asUrlText(s.path[name]));
  const qs = Object.entries(s.query)
    .flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x]) : [[k, v]]))
    .map(([k, v]) => `${k}=${asUrlText(v)}`)
    .join('&');
  if (qs) url += `?${qs}`;
  const headers: Record<string, string> = {
    authorization: basicAuth(ctx.config),
    'accept-language': 'en',
    ...s.header,
  };
  const token = tokens[s.who];
  if (token) headers['blade-auth'] = `bearer ${token}`;
  let payload: string | undefined;
  if (op.method === 'POST') {
    const flat = s.body && typeof s.body === 'object' && !Array.isArray(s.body);
    if (s.form && flat) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = Object.entries(s.body as Record<string, unknown>)
        .map(([k, v]) => `${k}=${asUrlText(v)}`)
        .join('&');
    } else {
      headers['content-type'] = 'application/json';
      payload = jsonText(s.body);
    }
  }
  return ctx.app.inject({ method: op.method, url, headers, payload });
}

function expectShape(op: Operation, res: Awaited<ReturnType<typeof send>>) {
  expect(res.statusCode, `${op.method} ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (OWN_PROTOCOL.some((p) => p.test(op.path)) || res.statusCode < 400) return;
  const body = res.json() as Record<string, unknown>;
  if (op.path === TOKEN_ENDPOINT) {
    expect(body).toEqual({ error_code: res.statusCode, error_description: expect.any(String) });
    expect(body.error_description).not.toBe('');
  } else {
    expect(body).toMatchObject({ success: false, data: null, code: expect.any(Number) });
    expect(typeof body.msg === 'string' && body.msg !== '').toBe(true);
  }
}

describe('every documented route under hostile input', () => {
  it('reads the routes from the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(50);
    expect(operations.map((o) => o.path)).toContain(TOKEN_ENDPOINT);
  });

  it('never answers 5xx, and answers errors in the Blade envelope (the token endpoint: its own shape)', async () => {
    for (const [index, op] of operations.entries()) {
      await fc.assert(
        fc.asyncProperty(requestArbitrary(op), async (sample) => {
          const res = await send(op, sample);
          expectShape(op, res);
        }),
        { numRuns: 60, seed: 9000 + index, endOnFailure: true },
      );
    }
  }, 120_000);
});
