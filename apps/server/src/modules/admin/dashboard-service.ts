/** The dashboard's reply from its one query (dashboard-repo.ts): takings by channel and item, orders by state, queues. */
import { PAY_STATUSES, type PayStatus } from '@cf/shared/fees';
import type { Dashboard } from '@cf/shared/wire/admin-dashboard';
import type { Db } from '@server/db/client';
import type { AuthContext } from '@server/http/context';
import { todayAndMonthStart } from '@server/http/search';
import { dashboardRows, type DashboardRow } from './dashboard-repo';

const takings = (row: DashboardRow) => ({
  todayFen: Number(row.today_fen),
  monthFen: Number(row.month_fen),
  todayCount: Number(row.today_count),
  monthCount: Number(row.month_count),
});

const byMonth = (a: { monthFen: number }, b: { monthFen: number }) => b.monthFen - a.monthFen;

export async function dashboard(db: Db, auth: AuthContext, now = new Date()): Promise<Dashboard> {
  const { today, month } = todayAndMonthStart(now);
  const rows = await dashboardRows(db, auth.tenantId, today, month);
  const of = (dim: DashboardRow['dim']) => rows.filter((r) => r.dim === dim);
  const byChannel = of('channel')
    .map((r) => ({ channel: r.key, ...takings(r) }))
    .sort(byMonth);
  const total = { todayFen: 0, monthFen: 0, todayCount: 0, monthCount: 0 };
  for (const c of byChannel) for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += c[k];
  const states = new Map(of('state').map((r) => [r.key, Number(r.month_count)]));
  const queue = new Map(of('queue').map((r) => [r.key, Number(r.month_count)]));
  return {
    total,
    byChannel,
    byItem: of('item')
      .map((r) => ({ item: r.key, itemEn: r.key_en || r.key, ...takings(r) }))
      .sort(byMonth),
    ordersByState: PAY_STATUSES.map((payStatus: PayStatus) => ({
      payStatus,
      count: states.get(payStatus) ?? 0,
    })),
    queues: {
      billsToReview: queue.get('billsToReview') ?? 0,
      openExceptions: queue.get('openExceptions') ?? 0,
      failedInvoices: queue.get('failedInvoices') ?? 0,
      pendingBindings: queue.get('pendingBindings') ?? 0,
    },
  };
}
