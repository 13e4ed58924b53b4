/**
 * Daily reconciliation: fetch a channel's statement of a day, match it line by line against our
 * payments and refunds (./match.ts), store the run with its totals and differences. A person asks for
 * a day through the admin routes; the nightly job (jobs/reconcile-daily.ts) asks for yesterday.
 */
import type { FastifyInstance } from 'fastify';
import type { ReconciliationLine, ReconciliationRun } from '@cf/shared/wire/admin-reconciliation';
import type { PayChannelName } from '@server/gateways/types';
import { beijingTime } from '@server/gateways/wechat-pay/wire';
import { PayChannelError } from '@server/gateways/wechat-pay/types';
import { AppError, badRequest } from '@server/http/errors';
import { matchStatement } from './match';
import { findClaimedRun, oursNamed, oursOfDay, type LineRow, type RunRow } from './repo';
import { claimRuns, ensureRun, failRun, finishRun } from './run-status';

/** A run whose process died is taken over after this long. */
export const RUN_LEASE_SECONDS = 600;

/** Today in Beijing, YYYY-MM-DD. */
export const beijingToday = (now = new Date()) => beijingTime(now).slice(0, 10);

/** Works on a claimed run: statement, match, done; a channel's refusal makes it failed with its code. */
export async function reconcileRun(app: FastifyInstance, runId: number): Promise<RunRow | undefined> {
  const run = await findClaimedRun(app.db, runId);
  if (run?.status !== 'running') return run;
  const gateway = await app.gateways.pay.forTenant(run.tenantId, run.channel as PayChannelName);
  if (!gateway) {
    await failRun(app.db, run.id, 'CHANNEL_NOT_SET_UP');
    return findClaimedRun(app.db, run.id);
  }
  let statement;
  try {
    statement = await gateway.statement(run.billDate);
  } catch (err) {
    const code = err instanceof PayChannelError ? err.code : 'NETWORK';
    app.log.warn({ err, runId: run.id, billDate: run.billDate, channel: run.channel }, 'statement not taken');
    await failRun(app.db, run.id, code);
    return findClaimedRun(app.db, run.id);
  }
  const named = {
    payments: statement.lines.filter((l) => l.kind === 'payment').map((l) => l.outNo),
    refunds: statement.lines.filter((l) => l.kind === 'refund').map((l) => l.outNo),
  };
  const result = matchStatement(
    statement.lines,
    await oursOfDay(app.db, run.tenantId, run.channel, run.billDate),
    await oursNamed(app.db, run.tenantId, run.channel, named),
  );
  return (await finishRun(app.db, run, result)) ?? findClaimedRun(app.db, run.id);
}

/** A person asks for a day: done at once (a run already under way: 409). */
export async function requestRun(
  app: FastifyInstance,
  caller: { tenantId: string; userId: number },
  billDate: string,
  channel: PayChannelName,
): Promise<RunRow> {
  if (billDate > beijingToday()) throw badRequest('reconcile.dateInFuture');
  const id = await ensureRun(
    app.db,
    { tenantId: caller.tenantId, billDate, channel },
    { requestedBy: caller.userId, again: true },
  );
  const [claimed] = await claimRuns(app.db, { leaseSeconds: RUN_LEASE_SECONDS, limit: 1, id });
  if (claimed === undefined) throw new AppError(409, 'reconcile.running');
  return (await reconcileRun(app, claimed))!;
}

export function runView(run: RunRow): ReconciliationRun {
  return {
    id: run.id,
    billDate: run.billDate,
    channel: run.channel,
    status: run.status as ReconciliationRun['status'],
    error: run.error,
    statement: {
      payments: { count: run.statementPayCount, fen: run.statementPayFen },
      refunds: { count: run.statementRefundCount, fen: run.statementRefundFen },
    },
    ours: {
      payments: { count: run.ourPayCount, fen: run.ourPayFen },
      refunds: { count: run.ourRefundCount, fen: run.ourRefundFen },
    },
    differenceCount: run.differenceCount,
    requestedBy: run.requestedBy,
    finishedAt: run.finishedAt?.toISOString() ?? null,
  };
}

export function lineView(line: LineRow): ReconciliationLine {
  return {
    id: line.id,
    kind: line.kind as ReconciliationLine['kind'],
    difference: line.difference as ReconciliationLine['difference'],
    outNo: line.outNo,
    transactionId: line.transactionId,
    statementFen: line.statementFen,
    ourFen: line.ourFen,
    statementState: line.statementState,
    ourState: line.ourState,
  };
}
