/**
 * POST /api/blade-user/update-register-phone: changes the sign-in phone (spec §3 phone-change form),
 * with the verifyToken proving the phone held now (verify-held-phone or verify-password).
 */
import type { RegisterPhoneInput } from '@cf/shared/wire/user';
import { useMutation } from '@tanstack/react-query';
import { requestData } from '@/lib/api-client';

/**
 * The phone-change form; verifyToken is absent only when the caller holds no phone and has no
 * password (step-up method 'none').
 */
type PhoneChange = Required<Omit<RegisterPhoneInput, 'verifyToken'>> &
  Pick<RegisterPhoneInput, 'verifyToken'>;

export const updateRegisterPhone = (form: PhoneChange): Promise<true> =>
  requestData<true>({ method: 'post', url: '/api/blade-user/update-register-phone', data: form });

export const useUpdateRegisterPhone = () => useMutation({ mutationFn: updateRegisterPhone });
