/**
 * Issue 9: the OpenAPI document (/api/docs/json) and the routes agree. Walking the document: a route
 * refuses a request without the fields it documents as required; a documented field with a rule (an
 * enum, a number, a length, a pattern) is checked by its route, so it is read, not silently ignored;
 * and a pay link (payAuthToken) works in every place the document offers it.
 */
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicAuth, createTestApp, type TestContext } from '../test/helpers';
import { officerToken } from '../test/finance-office';
import { tokenFor } from '../test/issue-token';
import { createPayOrder, enableChannels, UNI } from '../test/pay-fixtures';

type Schema = OpenAPIV3.SchemaObject;

interface Field {
  name: string;
  in: 'query' | 'body';
  required: boolean;
  schema: Schema;
}

interface Operation {
  method: 'GET' | 'POST';
  path: string;
  fields: Field[];
}

let ctx: TestContext;
let operations: Operation[];
let student1: string;
let teacher1: string;
let admin: string;

function operationsOf(doc: OpenAPIV3.Document): Operation[] {
  const list: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of ['get', 'post'] as const) {
      const op = item?.[method];
      if (!op) continue;
      const fields: Field[] = ((op.parameters ?? []) as OpenAPIV3.ParameterObject[])
        .filter((p) => p.in === 'query')
        .map((p) => ({
          name: p.name,
          in: 'query',
          required: !!p.required,
          schema: (p.schema ?? {}) as Schema,
        }));
      const content = (op.requestBody as OpenAPIV3.RequestBodyObject | undefined)?.content;
      const body = content?.['application/json']?.schema as Schema | undefined;
      for (const [name, schema] of Object.entries(body?.properties ?? {}))
        fields.push({
          name,
          in: 'body',
          required: !!body?.required?.includes(name),
          schema: schema as Schema,
        });
      list.push({ method: method.toUpperCase() as 'GET' | 'POST', path, fields });
    }
  }
  return list;
}

/** A value the field's documented rule refuses, or undefined when the document states no rule. */
function breaking(schema: Schema): string | undefined {
  const options = (schema.anyOf ?? schema.oneOf ?? [schema]) as Schema[];
  if (options.every((o) => o.enum)) return 'zz-not-a-member';
  if (options.every((o) => o.type === 'integer' || o.type === 'number' || o.pattern === '^\\d{1,16}$'))
    return 'abc';
  if (options.every((o) => o.type === 'string' && o.maxLength !== undefined))
    return 'x'.repeat(Math.max(...options.map((o) => o.maxLength!)) + 1);
  return undefined;
}

/** Path parameters filled with a plausible id, so the route itself is reached. */
const urlOf = (path: string) => path.replace(/\{[^}]+\}/g, '1');

function send(op: Operation, query: Record<string, string>, body: Record<string, unknown> | undefined) {
  const qs = new URLSearchParams(query).toString();
  return ctx.app.inject({
    method: op.method,
    url: `${urlOf(op.path)}${qs ? `?${qs}` : ''}`,
    headers: {
      authorization: basicAuth(ctx.config),
      'accept-language': 'en',
      // The finance office's routes check the role before the body (modules/admin/guard.ts): a tenant
      // admin reaches every one of them, so its own checks answer.
      'blade-auth': `bearer ${/\/admin\//.test(op.path) ? admin : student1}`,
    },
    ...(op.method === 'POST' ? { payload: body ?? {} } : {}),
  });
}

beforeAll(async () => {
  ctx = await createTestApp();
  await enableChannels(ctx.database.db, UNI);
  student1 = await tokenFor(ctx, UNI, 'student1');
  teacher1 = await tokenFor(ctx, UNI, 'teacher1');
  admin = await officerToken(ctx, UNI, 'admin9', 'admin');
  const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json() as OpenAPIV3.Document;
  operations = operationsOf(doc);
});
afterAll(() => ctx?.close());

describe('the OpenAPI document and the routes agree', () => {
  it('a route refuses a request without the fields it documents as required', async () => {
    let checked = 0;
    for (const op of operations) {
      const required = op.fields.filter((f) => f.required);
      if (required.length === 0) continue;
      const res = await send(op, {}, {});
      expect(res.statusCode, `${op.method} ${op.path} without ${required.map((f) => f.name)}`).toBe(400);
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('a documented field with a rule is checked by its route (so the route reads it)', async () => {
    let checked = 0;
    for (const op of operations) {
      for (const field of op.fields) {
        const bad = breaking(field.schema);
        if (bad === undefined) continue;
        const res =
          field.in === 'query'
            ? await send(op, { [field.name]: bad }, {})
            : await send(op, {}, { [field.name]: bad });
        expect(res.statusCode, `${op.method} ${op.path} ${field.in} ${field.name}=${bad.slice(0, 20)}`).toBe(
          400,
        );
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(30);
  });

  it('a pay link works in every place the document offers payAuthToken', async () => {
    const offered = operations.flatMap((op) =>
      op.fields.filter((f) => f.name === 'payAuthToken').map((f) => ({ op, field: f })),
    );
    expect(offered.map(({ op, field }) => `${op.method} ${op.path} ${field.in}`).sort()).toEqual([
      'GET /api/blade-finance/pay/cashier query',
      'GET /api/blade-finance/pay/status query',
      'POST /api/blade-finance/pay/abandon body',
      'POST /api/blade-finance/pay/prepay body',
    ]);
    for (const { op, field } of offered) {
      const order = await createPayOrder(ctx);
      const link = await ctx.app.inject({
        method: 'POST',
        url: '/api/blade-finance/pay/link',
        headers: { 'blade-auth': `bearer ${student1}` },
        payload: { orderNo: order.orderNo },
      });
      const payAuthToken = link.json().data.payAuthToken as string;
      const params = { orderNo: order.orderNo, payAuthToken };
      // teacher1 did not create the order: only the link lets them in.
      const res = await ctx.app.inject({
        method: op.method,
        url: field.in === 'query' ? `${op.path}?${new URLSearchParams(params).toString()}` : op.path,
        headers: { 'blade-auth': `bearer ${teacher1}`, 'accept-language': 'en' },
        ...(field.in === 'body' ? { payload: { ...params, channel: 'sandbox' } } : {}),
      });
      expect(res.statusCode, `${op.method} ${op.path} ${res.body}`).toBe(200);
    }
  });
});
