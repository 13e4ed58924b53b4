/**
 * A salary read: the proof in its header; a 403 (proof refused or expired on the server) drops the
 * proof so the step-up screen comes back, and shows no toast (that screen says why).
 */
import { SALARY_VERIFY_HEADER } from '@cf/shared/salary';
import { ApiError, requestData } from '@/lib/api-client';
import { dropSalaryProof, salaryProof } from '../salary-proof';

export async function salaryRead<T>(url: string, params?: Record<string, unknown>): Promise<T> {
  try {
    return await requestData<T>({
      url,
      params,
      headers: { [SALARY_VERIFY_HEADER]: salaryProof() ?? '' },
      silentCodes: [403],
    });
  } catch (error) {
    if (error instanceof ApiError && error.code === 403) dropSalaryProof();
    throw error;
  }
}
