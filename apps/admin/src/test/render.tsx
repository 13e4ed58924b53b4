/**
 * Component tests: a page inside the console's providers (a fresh query client, antd's App and its
 * button setting, as app/providers.tsx) and a
 * session of the given role level, with the server answered by `routes` (method + path → body).
 */
import type { TokenReply, UserInfo } from '@cf/shared/wire/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { transport } from '@admin/lib/api-client';
import { saveGrant, saveUser } from '@admin/lib/session';

export type Routes = Record<string, (body: unknown) => unknown>;

const ALIAS = { clerk: 'finance', manager: 'finance_manager', admin: 'admin' } as const;

export function signInAs(level: keyof typeof ALIAS): void {
  saveGrant({
    access_token: 'tok',
    refresh_token: 'r',
    expires_in: 3600,
    tenant_id: '100001',
    user_id: '9',
  } as TokenReply);
  saveUser({
    userId: '9',
    tenantId: '100001',
    account: 'finance1',
    realName: '财务处',
    roles: [{ roleAlias: ALIAS[level], roleName: level }],
  } as UserInfo);
}

/** Answers each call from `routes` ("POST /api/x"), with the Blade envelope; records the calls. */
export function serve(routes: Routes): { calls: string[] } {
  const calls: string[] = [];
  vi.spyOn(transport, 'fetch').mockImplementation(async (url, init) => {
    const key = `${init.method ?? 'GET'} ${url.split('?')[0]}`;
    calls.push(`${init.method ?? 'GET'} ${url}`);
    const handler = routes[key];
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const reply = handler
      ? { code: 200, success: true, data: handler(body), msg: 'ok' }
      : { code: 404, success: false, data: null, msg: `no route ${key}` };
    return new Response(JSON.stringify(reply), { status: 200 });
  });
  return { calls };
}

export function renderPage(page: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ConfigProvider button={{ autoInsertSpace: false }}>
        <App>
          <MemoryRouter>{page}</MemoryRouter>
        </App>
      </ConfigProvider>
    </QueryClientProvider>,
  );
}

/** A page of records as the server's list routes answer it. */
export const pageOf = <T,>(records: T[]) => ({
  records,
  total: records.length,
  size: 20,
  current: 1,
  pages: 1,
});
