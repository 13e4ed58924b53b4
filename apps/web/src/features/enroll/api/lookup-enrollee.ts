/**
 * POST /api/blade-finance/enroll/lookup {idCard, name}: a newly admitted student, found before they
 * have a student number, with the enrolment items and those already paid.
 */
import type { EnrollLookupRequest, Enrollee } from '@cf/shared/wire/fee';
import { useMutation } from '@tanstack/react-query';
import { requestData } from '@/lib/api-client';

export type { Enrollee };
export type EnrolleeQuery = EnrollLookupRequest;

export const lookupEnrollee = (query: EnrolleeQuery): Promise<Enrollee> =>
  requestData<Enrollee>({
    method: 'post',
    url: '/api/blade-finance/enroll/lookup',
    data: query,
    loading: 'loading',
  });

export const useLookupEnrollee = () => useMutation({ mutationFn: lookupEnrollee });
