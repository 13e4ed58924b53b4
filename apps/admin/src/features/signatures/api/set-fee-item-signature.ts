/** PUT /api/blade-finance/admin/fee-item/:id/signature: ask for the payer's signature (and when), or stop asking. */
import type { FeeItemSignature } from '@cf/shared/wire/signature';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';
import { SIGNATURES_KEY } from './list-fee-item-signatures';

const setFeeItemSignature = ({
  feeItemId,
  timing,
}: {
  feeItemId: number;
  timing: FeeItemSignature['timing'];
}): Promise<FeeItemSignature> =>
  requestData<FeeItemSignature>({
    url: `/api/blade-finance/admin/fee-item/${feeItemId}/signature`,
    method: 'put',
    data: { timing },
  });

export function useSetFeeItemSignature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFeeItemSignature,
    onSuccess: (row) =>
      queryClient.setQueryData<FeeItemSignature[]>(SIGNATURES_KEY, (rows) =>
        rows?.map((r) => (r.feeItemId === row.feeItemId ? row : r)),
      ),
  });
}
