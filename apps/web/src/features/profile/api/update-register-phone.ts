/**
 * POST /api/blade-user/update-register-phone: changes the sign-in phone (spec §3 phone-change form),
 * with the verifyToken proving the phone held now (verify-held-phone or verify-password).
 */
import { useMutation } from '@tanstack/react-query';
import { requestData } from '@/lib/api-client';

export interface PhoneChange {
  phone: string;
  verifyCode: string;
  verifyId: string;
  tenantId: string;
  /** Absent only when the caller holds no phone and has no password (step-up method 'none'). */
  verifyToken?: string;
}

export const updateRegisterPhone = (form: PhoneChange): Promise<boolean> =>
  requestData<boolean>({ method: 'post', url: '/api/blade-user/update-register-phone', data: form });

export const useUpdateRegisterPhone = () => useMutation({ mutationFn: updateRegisterPhone });
