/**
 * GET /api/blade-user/step-up-method: how the caller proves themselves before a phone change —
 * a code to the phone held now (shown masked), the password when none is held, or nothing.
 */
import type { StepUpMethodReply } from '@cf/shared/wire/user';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestData } from '@/lib/api-client';

export const getStepUpMethod = (): Promise<StepUpMethodReply> =>
  requestData<StepUpMethodReply>({ url: '/api/blade-user/step-up-method' });

export const stepUpMethodQuery = () =>
  queryOptions({ queryKey: ['step-up-method'], queryFn: getStepUpMethod, staleTime: 0, gcTime: 0 });

export const useStepUpMethod = () => useQuery(stepUpMethodQuery());
