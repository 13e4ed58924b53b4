/** POST /api/blade-user/change-bank-account: the new card, bank and region, with a finance verifyToken. */
import type { BankAccountInput } from '@cf/shared/wire/user';
import { useMutation } from '@tanstack/react-query';
import { requestData } from '@/lib/api-client';

export const changeBankAccount = (form: Required<BankAccountInput>): Promise<true> =>
  requestData<true>({ method: 'post', url: '/api/blade-user/change-bank-account', data: form });

export const useChangeBankAccount = () => useMutation({ mutationFn: changeBankAccount });
