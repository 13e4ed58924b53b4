/** GET /api/blade-finance/admin/fee-item/signature/list: the school's fee items with their signature flags. */
import type { FeeItemSignature } from '@cf/shared/wire/signature';
import { useQuery } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';

export const SIGNATURES_KEY = ['admin-fee-item-signatures'] as const;

const listFeeItemSignatures = (): Promise<FeeItemSignature[]> =>
  requestData<FeeItemSignature[]>({ url: '/api/blade-finance/admin/fee-item/signature/list' });

export const useFeeItemSignatures = () =>
  useQuery({ queryKey: SIGNATURES_KEY, queryFn: listFeeItemSignatures });
