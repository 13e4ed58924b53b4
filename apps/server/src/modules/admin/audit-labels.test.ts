/**
 * Every row the finance office's guard writes has a name in the audit log: each write and each file
 * route behind the guard is named in ADMIN_ROUTE_ACTION_LABELS (packages/shared/src/labels/audit.ts),
 * and nothing is named there that the app no longer has.
 */
import { ADMIN_ROUTE_ACTION_LABELS } from '@cf/shared/labels/audit';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { expect, it } from 'vitest';
import adminRoutes from './routes';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** GET routes that answer a file (the guard audits a GET only when it sends an attachment). */
const FILE = /\/(export|report)$|\/evidence\//;

it('names every audited route of the finance office', async () => {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const audited: string[] = [];
  app.addHook('onRoute', (route) => {
    if (route.config?.audited === false) return;
    for (const method of [route.method].flat()) {
      if (WRITES.has(method) || (method === 'GET' && FILE.test(route.url)))
        audited.push(`admin ${method} ${route.url}`);
    }
  });
  await app.register(adminRoutes);
  await app.ready();
  expect(audited.length).toBeGreaterThan(30);
  const named = Object.keys(ADMIN_ROUTE_ACTION_LABELS);
  expect(
    audited.filter((a) => !named.includes(a)),
    'routes without a name in the audit log',
  ).toEqual([]);
  expect(
    named.filter((a) => !audited.includes(a)),
    'names of routes the app no longer has',
  ).toEqual([]);
  await app.close();
});
