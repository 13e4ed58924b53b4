/** POST /api/blade-finance/admin/person/{id}/update: edits a person (audited by the server). */
import { refreshAfterWrite } from '@cf/shared/query-refresh';
import type { PersonDetail, PersonUpdateRequest } from '@cf/shared/wire/admin-people';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';

export type PersonUpdate = PersonUpdateRequest;

export function useUpdatePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PersonUpdate }) =>
      requestData<PersonDetail>({
        url: `/api/blade-finance/admin/person/${id}/update`,
        method: 'post',
        data: body,
      }),
    onSuccess: () => void refreshAfterWrite(queryClient, ['admin']),
  });
}
