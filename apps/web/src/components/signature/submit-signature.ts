/** POST /api/blade-finance/signature/submit/{id}: confirms the order's signature (PNG + strokes), once. */
import type { SignatureState, SubmitSignatureBody } from '@cf/shared/wire/signature';
import { useMutation } from '@tanstack/react-query';
import { refreshFinance } from '@/components/finance/finance-query';
import { requestData } from '@/lib/api-client';

export const submitSignature = ({ orderId, ...body }: SubmitSignatureBody & { orderId: number }) =>
  requestData<SignatureState>({
    method: 'post',
    url: `/api/blade-finance/signature/submit/${orderId}`,
    data: body,
  });

export const useSubmitSignature = () =>
  useMutation({ mutationFn: submitSignature, onSuccess: refreshFinance });
