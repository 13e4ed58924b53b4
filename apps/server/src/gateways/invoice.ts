/**
 * The e-invoice platform behind one small interface, shaped like China's finance e-bill (财政电子票据)
 * platforms: issuing is asynchronous (issue accepts a business number, query later answers the bill
 * code, bill number, check code and file), and a red-letter reversal (冲红) goes the same way.
 * Real adapter: ./ebill/ebill-platform.ts; the stand-in that speaks the same protocol: ./ebill/standin.ts.
 */

export interface EBillItem {
  name: string;
  quantity: number;
  unitFen: number;
  amountFen: number;
}

export interface EBillIssueRequest {
  /** Our business number (业务流水号): unique per attempt; a repeat with the same one is not issued twice. */
  busNo: string;
  payerType: 'person' | 'company';
  invoiceType: 'general' | 'special';
  payerName: string;
  taxId: string;
  address: string;
  phone: string;
  bank: string;
  bankAccount: string;
  amountFen: number;
  items: EBillItem[];
  /** The order number, printed in the bill's remark. */
  remark: string;
  issuedOn: Date;
}

export interface EBillReversalRequest {
  /** A new business number for the red-letter bill. */
  busNo: string;
  billCode: string;
  billNo: string;
  reason: string;
}

export type EBillQueryResult =
  | { state: 'processing' }
  | {
      state: 'issued';
      billCode: string;
      billNo: string;
      checkCode: string;
      issuedAt: Date;
      fileUrl: string;
    }
  | { state: 'failed'; reason: string }
  /** The platform has no bill of that business number (the issue never reached it). */
  | { state: 'unknown' };

export interface InvoiceGateway {
  issue(request: EBillIssueRequest): Promise<void>;
  reverse(request: EBillReversalRequest): Promise<void>;
  query(busNo: string): Promise<EBillQueryResult>;
}

/** The platform could not be asked or refused the call itself (not the bill): try again later. */
export class InvoiceGatewayError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
