/**
 * The tenant's word for what it issues (param invoice_term, packages/shared/src/invoice-term.ts): a
 * school's 财政电子票据 or a tax 电子发票. Every invoice text says {term} (mid-sentence) or {Term}
 * (starting one) and gets it from here, so the list, the order, the invoice screen and the PDF agree.
 */
import { invoiceTermKey, invoiceTermOf } from '@cf/shared/invoice-term';
import { useSystemParams } from '@/api/get-system-params';
import type { TextParams } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { useSession } from '@/lib/use-session';

export function useInvoiceTerm(): TextParams {
  const t = useT();
  const { user } = useSession();
  const params = useSystemParams(user?.tenantId);
  const Term = t(invoiceTermKey(invoiceTermOf(params.data)));
  return { Term, term: Term.charAt(0).toLowerCase() + Term.slice(1) };
}
