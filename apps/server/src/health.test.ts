import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/helpers';

describe('health and platform basics', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('reports the database as up', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, success: true, data: { database: 'up' } });
  });

  it('answers unknown paths with a 404 in the Blade envelope', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      code: 404,
      success: false,
      data: null,
      msg: 'The requested resource does not exist',
    });
  });

  it('serves an OpenAPI document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
  });
});

describe('client configuration', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('gives the browser the client id and the wire key it encrypts passwords with', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/blade-system/client-config' });
    expect(res.json().data).toEqual({
      clientId: 'saber',
      wireAesKey: ctx.config.wireAesKey,
      mode: 'demo',
      version: '1.3.14',
    });
  });
});

describe('validation errors', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('names a missing field as required, in the language asked for', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/blade-system/dict/dictionary?tenantId=100001',
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, success: false, msg: 'Code is required' });
  });

  it('answers malformed JSON with a 400 a person understands', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/blade-user/change-email',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('The data is not valid JSON');
  });
});
