/**
 * GET /api/blade-system/dict/dictionary?code=flow: flow routes (spec §3). Each entry maps the
 * route key `code_dictKey` to a route name (its remark), which routeFlag links can name.
 */
import type { DictEntry } from '@cf/shared/wire/system';
import { queryOptions } from '@tanstack/react-query';
import { requestData } from '../lib/api-client';

/** What the mapping reads of an entry (an entry without a remark names no route). */
type FlowEntry = Pick<DictEntry, 'code' | 'dictKey'> & Partial<Pick<DictEntry, 'remark'>>;

export function flowRoutesOf(entries: readonly FlowEntry[]): Record<string, string> {
  const routes: Record<string, string> = {};
  for (const entry of entries) if (entry.remark) routes[`${entry.code}_${entry.dictKey}`] = entry.remark;
  return routes;
}

export async function getFlowRoutes(tenantId: string): Promise<Record<string, string>> {
  const entries = await requestData<DictEntry[]>({
    url: '/api/blade-system/dict/dictionary',
    params: { code: 'flow', tenantId },
    loading: false,
  });
  return flowRoutesOf(entries ?? []);
}

export const flowRoutesQueryOptions = (tenantId: string) =>
  queryOptions({
    queryKey: ['flow-routes', tenantId],
    queryFn: () => getFlowRoutes(tenantId),
    staleTime: 5 * 60_000,
    enabled: !!tenantId,
  });
