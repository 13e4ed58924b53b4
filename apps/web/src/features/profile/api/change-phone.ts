/**
 * POST /api/blade-user/change-phone: the finance-reserved phone, with the verifyToken proving the
 * phone held now and the code send-validate texted to the new one.
 */
import type { changePhoneSchema } from '@cf/shared/wire/user';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { requestData } from '@/lib/api-client';

type ChangePhoneInput = z.input<typeof changePhoneSchema>;

export const changeReservedPhone = (form: ChangePhoneInput): Promise<true> =>
  requestData<true>({ method: 'post', url: '/api/blade-user/change-phone', data: form });

export const useChangeReservedPhone = () => useMutation({ mutationFn: changeReservedPhone });
