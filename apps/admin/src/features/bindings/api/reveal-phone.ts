/** POST /api/blade-finance/admin/binding/{id}/phone: the held phone in full (each reading audited). */
import { useMutation } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';

export const useRevealHeldPhone = () =>
  useMutation({
    mutationFn: (id: number) =>
      requestData<{ heldPhone: string | null }>({
        url: `/api/blade-finance/admin/binding/${id}/phone`,
        method: 'post',
      }),
  });
