/**
 * POST /api/blade-finance/fee/offline {receivableId, amountFen, payMethod, payDate, note?}: a payment
 * made outside the app, recorded as a bill in status 1 (not reviewed) until the finance office reviews it.
 */
import { useMutation } from '@tanstack/react-query';
import type { BillView } from '@/components/finance/bill-card';
import { refreshFinance } from '@/components/finance/finance-query';
import { requestData } from '@/lib/api-client';

export interface OfflinePayment {
  receivableId: number;
  amountFen: number;
  payMethod: string;
  /** 'YYYY-MM-DD', the school's day. */
  payDate: string;
  note?: string;
}

export const recordOfflinePayment = (payment: OfflinePayment): Promise<BillView> =>
  requestData<BillView>({ method: 'post', url: '/api/blade-finance/fee/offline', data: payment });

export const useRecordOfflinePayment = () =>
  useMutation({ mutationFn: recordOfflinePayment, onSuccess: refreshFinance });
