/** POST /api/blade-user/update-register-phone: changes the sign-in phone (spec §3 phone-change form). */
import { useMutation } from '@tanstack/react-query';
import { requestData } from '../../../lib/api-client';

export interface PhoneChange {
  phone: string;
  verifyCode: string;
  verifyId: string;
  tenantId: string;
}

export const updateRegisterPhone = (form: PhoneChange): Promise<boolean> =>
  requestData<boolean>({ method: 'post', url: '/api/blade-user/update-register-phone', data: form });

export const useUpdateRegisterPhone = () => useMutation({ mutationFn: updateRegisterPhone });
