/** GET /api/blade-finance/signature/detail/{id}: whether the order asks for a signature, and its state. */
import type { SignatureState } from '@cf/shared/wire/signature';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { FINANCE_QUERY_ROOT } from '@/components/finance/finance-query';
import { requestData } from '@/lib/api-client';

export type { SignatureState };

export const getSignature = (orderId: number): Promise<SignatureState> =>
  requestData<SignatureState>({ url: `/api/blade-finance/signature/detail/${orderId}`, loading: false });

export const signatureQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: [FINANCE_QUERY_ROOT, 'signature', orderId],
    queryFn: () => getSignature(orderId),
    staleTime: 0,
  });

export const useSignature = (orderId: number) => useQuery(signatureQueryOptions(orderId));
