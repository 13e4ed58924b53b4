/**
 * GET /api/blade-system/dict/dictionary?code=bank: the tenant's banks (dictValue is the name kept,
 * remark the English name); the server accepts only these names (modules/user/bank-rules.ts).
 */
import type { DictEntry } from '@cf/shared/wire/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestData } from '@/lib/api-client';

export const getBankList = (tenantId: string): Promise<DictEntry[]> =>
  requestData<DictEntry[]>({
    url: '/api/blade-system/dict/dictionary',
    params: { code: 'bank', tenantId },
    loading: false,
  });

export const bankListQuery = (tenantId: string) =>
  queryOptions({
    queryKey: ['bank-list', tenantId],
    queryFn: () => getBankList(tenantId),
    staleTime: 5 * 60_000,
    enabled: !!tenantId,
  });

export const useBankList = (tenantId: string | undefined) => useQuery(bankListQuery(tenantId ?? ''));
