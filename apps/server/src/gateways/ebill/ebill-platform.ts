/**
 * The real adapter of a finance e-bill platform (./wire.ts): signed requests, signed answers checked
 * before anything in them is believed, asynchronous issue and reversal, then a query by business number.
 */
import type { FetchLike } from '../types';
import {
  InvoiceGatewayError,
  type EBillIssueRequest,
  type EBillQueryResult,
  type EBillReversalRequest,
  type InvoiceGateway,
} from '../invoice';
import {
  EBILL_METHODS,
  EBILL_OK,
  decodeData,
  ebillTime,
  parseEbillTime,
  signatureMatches,
  signedRequest,
  yuanText,
  type EBillAnswerBody,
  type WireBill,
  type WireIssue,
} from './wire';

export interface EBillPlatformConfig {
  baseUrl: string;
  appId: string;
  appKey: string;
}

/** Platform code of "no bill with that business number". */
export const EBILL_NOT_FOUND = 'E0404';

export function ebillPlatform(fetchFn: FetchLike, config: EBillPlatformConfig): InvoiceGateway {
  async function call(method: string, business: unknown): Promise<unknown> {
    const body = JSON.stringify(signedRequest(config.appId, config.appKey, business));
    let status: number;
    let text: string;
    try {
      const res = await fetchFn(`${config.baseUrl.replace(/\/$/, '')}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      status = res.status;
      text = await res.text();
    } catch (err) {
      throw new InvoiceGatewayError('UNREACHABLE', `e-bill platform not reached: ${String(err)}`);
    }
    let answer: EBillAnswerBody;
    try {
      answer = JSON.parse(text) as EBillAnswerBody;
    } catch {
      throw new InvoiceGatewayError(`HTTP_${status}`, `e-bill platform answered ${status} without JSON`);
    }
    const params = {
      result: String(answer.result),
      message: String(answer.message),
      noise: String(answer.noise),
      sign: String(answer.sign),
    };
    if (!signatureMatches(params, config.appKey))
      throw new InvoiceGatewayError('BAD_SIGNATURE', 'e-bill platform answer not signed with our app key');
    const message = decodeData(params.message);
    if (params.result !== EBILL_OK) {
      const msg = (message as { msg?: string } | null)?.msg ?? '';
      throw new InvoiceGatewayError(params.result, msg || `e-bill platform refused (${params.result})`);
    }
    return message;
  }

  return {
    async issue(request: EBillIssueRequest) {
      const wire: WireIssue = {
        busNo: request.busNo,
        busType: '02',
        payerType: request.payerType === 'company' ? '2' : '1',
        payer: request.payerName,
        creditCode: request.taxId,
        payerAddress: request.address,
        payerTel: request.phone,
        payerBank: request.bank,
        payerAccount: request.bankAccount,
        invoiceKind: request.invoiceType,
        totalAmt: yuanText(request.amountFen),
        busDate: ebillTime(request.issuedOn),
        remark: request.remark,
        items: request.items.map((item) => ({
          itemName: item.name,
          itemQty: item.quantity,
          itemStd: yuanText(item.unitFen),
          itemAmt: yuanText(item.amountFen),
        })),
      };
      await call(EBILL_METHODS.issue, wire);
    },

    async reverse(request: EBillReversalRequest) {
      await call(EBILL_METHODS.reverse, {
        busNo: request.busNo,
        billBatchCode: request.billCode,
        billNo: request.billNo,
        reason: request.reason,
      });
    },

    async query(busNo: string): Promise<EBillQueryResult> {
      let bill: WireBill;
      try {
        bill = (await call(EBILL_METHODS.query, { busNo })) as WireBill;
      } catch (err) {
        if (err instanceof InvoiceGatewayError && err.code === EBILL_NOT_FOUND) return { state: 'unknown' };
        throw err;
      }
      if (bill.state === '0') return { state: 'processing' };
      if (bill.state === '2') return { state: 'failed', reason: bill.failMsg || 'failed' };
      if (bill.state === '1' && bill.billBatchCode && bill.billNo && bill.random && bill.createTime)
        return {
          state: 'issued',
          billCode: bill.billBatchCode,
          billNo: bill.billNo,
          checkCode: bill.random,
          issuedAt: parseEbillTime(bill.createTime),
          fileUrl: bill.pictureUrl ?? '',
        };
      throw new InvoiceGatewayError('BAD_ANSWER', `e-bill platform answered an unreadable bill for ${busNo}`);
    },
  };
}
