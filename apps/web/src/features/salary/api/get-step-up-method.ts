/** GET /api/blade-user/step-up-method: the phone the salary code goes to (masked), if any. */
import type { StepUpMethodReply } from '@cf/shared/wire/user';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestData } from '@/lib/api-client';

export const getStepUpMethod = (): Promise<StepUpMethodReply> =>
  requestData<StepUpMethodReply>({ url: '/api/blade-user/step-up-method' });

export const useStepUpMethod = () =>
  useQuery(queryOptions({ queryKey: ['step-up-method'], queryFn: getStepUpMethod, staleTime: 0, gcTime: 0 }));
