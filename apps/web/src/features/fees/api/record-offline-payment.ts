/**
 * POST /api/blade-finance/fee/offline {receivableId, amountFen, payMethod, payDate, note?}: a payment
 * made outside the app, recorded as a bill in status 1 (not reviewed) until the finance office reviews it.
 */
import { useMutation } from '@tanstack/react-query';
import type { Bill, OfflineRequest } from '@cf/shared/wire/fee';
import { refreshFinance } from '@/components/finance/finance-query';
import { requestData } from '@/lib/api-client';

export type OfflinePayment = OfflineRequest;

export const recordOfflinePayment = (payment: OfflinePayment): Promise<Bill> =>
  requestData<Bill>({ method: 'post', url: '/api/blade-finance/fee/offline', data: payment });

export const useRecordOfflinePayment = () =>
  useMutation({ mutationFn: recordOfflinePayment, onSuccess: refreshFinance });
