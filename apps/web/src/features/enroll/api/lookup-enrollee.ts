/**
 * POST /api/blade-finance/enroll/lookup {idCard, name}: a newly admitted student, found before they
 * have a student number, with the enrolment items and those already paid.
 */
import { useMutation } from '@tanstack/react-query';
import { requestData } from '@/lib/api-client';

export interface EnrollItem {
  id: number;
  name: string;
  nameEn: string;
  description: string;
  descriptionEn: string;
  priceFen: number;
  schoolYear: string;
}

export interface Enrollee {
  enrolleeId: number;
  name: string;
  admissionNo: string;
  major: string | null;
  items: EnrollItem[];
  paidItemIds: number[];
}

export interface EnrolleeQuery {
  idCard: string;
  name: string;
}

export const lookupEnrollee = (query: EnrolleeQuery): Promise<Enrollee> =>
  requestData<Enrollee>({
    method: 'post',
    url: '/api/blade-finance/enroll/lookup',
    data: query,
    loading: 'loading',
  });

export const useLookupEnrollee = () => useMutation({ mutationFn: lookupEnrollee });
