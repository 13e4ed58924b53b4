/**
 * Matching a channel's statement of a day against our records, line by line: a payment by its
 * out_trade_no, a refund by its out_refund_no. Our records are every payment we hold (credited to an
 * order or kept as a payment exception) and every refund we asked for (of an order, in full or in
 * part, or of a payment exception): ./repo.ts. A statement line is looked up among all our records
 * (a payment credited just after midnight is still ours); "ours but not in it" is asked only of
 * what we recorded on that day. One difference per line: a state that differs before an amount.
 */
import type { ReconciliationDifference } from '@cf/shared/wire/admin-reconciliation';
import type { StatementLine } from '@server/gateways/wechat-pay/types';

/** One of our payments (state SUCCESS when credited) or refunds (SUCCESS | PROCESSING | FAILED). */
export interface OurLine {
  kind: 'payment' | 'refund';
  outNo: string;
  amountFen: number;
  state: string;
  transactionId: string | null;
}

export interface Difference {
  kind: 'payment' | 'refund';
  difference: ReconciliationDifference;
  outNo: string;
  transactionId: string | null;
  statementFen: number | null;
  ourFen: number | null;
  statementState: string | null;
  ourState: string | null;
}

export interface Totals {
  payments: { count: number; fen: number };
  refunds: { count: number; fen: number };
}

/** A refund's end at the channel in our words: CLOSED and ABNORMAL ones did not pay out (FAILED). */
const statementState = (line: StatementLine) =>
  line.kind === 'refund' && (line.state === 'CLOSED' || line.state === 'ABNORMAL') ? 'FAILED' : line.state;

const key = (kind: string, outNo: string) => `${kind}:${outNo}`;

function totalsOf(lines: { kind: 'payment' | 'refund'; amountFen: number; state: string }[]): Totals {
  const totals: Totals = { payments: { count: 0, fen: 0 }, refunds: { count: 0, fen: 0 } };
  for (const line of lines) {
    if (line.state !== 'SUCCESS') continue;
    const t = line.kind === 'payment' ? totals.payments : totals.refunds;
    t.count += 1;
    t.fen += line.amountFen;
  }
  return totals;
}

export function matchStatement(
  statement: StatementLine[],
  /** What we recorded on the day. */
  oursOfDay: OurLine[],
  /** Our records of every line the statement names, whatever their day. */
  oursNamed: OurLine[],
): { differences: Difference[]; statement: Totals; ours: Totals } {
  const ours = new Map<string, OurLine>();
  for (const line of [...oursNamed, ...oursOfDay]) ours.set(key(line.kind, line.outNo), line);
  const seen = new Set<string>();
  const differences: Difference[] = [];
  for (const line of statement) {
    const k = key(line.kind, line.outNo);
    seen.add(k);
    const our = ours.get(k);
    const theirs = statementState(line);
    const base = {
      kind: line.kind,
      outNo: line.outNo,
      transactionId: line.transactionId || our?.transactionId || null,
      statementFen: line.amountFen,
      statementState: line.state,
    };
    if (!our) {
      differences.push({ ...base, difference: 'statement_only', ourFen: null, ourState: null });
    } else if (our.state !== theirs) {
      differences.push({ ...base, difference: 'state', ourFen: our.amountFen, ourState: our.state });
    } else if (our.amountFen !== line.amountFen) {
      differences.push({ ...base, difference: 'amount', ourFen: our.amountFen, ourState: our.state });
    }
  }
  for (const our of oursOfDay) {
    if (seen.has(key(our.kind, our.outNo)) || our.state !== 'SUCCESS') continue;
    differences.push({
      kind: our.kind,
      difference: 'ours_only',
      outNo: our.outNo,
      transactionId: our.transactionId,
      statementFen: null,
      ourFen: our.amountFen,
      statementState: null,
      ourState: our.state,
    });
  }
  return {
    differences,
    statement: totalsOf(statement.map((l) => ({ ...l, state: statementState(l) }))),
    ours: totalsOf(oursOfDay),
  };
}
