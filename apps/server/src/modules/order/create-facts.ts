/**
 * Order creation's reads in one prepared statement: the caller's person (fee/person.ts), the caller's
 * names and the catalogue item asked for. Three reads were three round trips on the busiest write.
 */
import { sql } from 'drizzle-orm';
import { rawStatement, rowFromDriver } from '@server/db/raw-statement';
import type { Db } from '@server/db/client';
import { feeItems } from '@server/db/schema-finance';
import { callerBindingJson, personOfBinding, type CallerBinding, type Person } from '../fee/person';
import type { FeeItemRow } from '../fee/views';

const ph = (name: string) => sql.placeholder(name);

const createFacts = rawStatement<{
  binding: CallerBinding | null;
  caller: { id: number; realName: string; nickName: string; account: string } | null;
  item: Record<string, unknown> | null;
}>(
  'order_create_facts',
  sql`SELECT ${callerBindingJson} AS binding,
        (SELECT json_build_object('id', u.id, 'realName', u.real_name, 'nickName', u.nick_name, 'account', u.account)
           FROM users u WHERE u.tenant_id = ${ph('tenantId')} AND u.id = ${ph('userId')}) AS caller,
        (SELECT to_jsonb(f) FROM fee_items f
          WHERE f.tenant_id = ${ph('tenantId')} AND f.id = ${ph('feeItemId')}::integer AND f.status = 1) AS item`,
);

export interface CreateFacts {
  /** null: not bound (or the binding is pending). */
  person: Person | null;
  /** null: the token's user is gone. */
  user: { id: number; realName: string; nickName: string; account: string } | null;
  /** The catalogue item on sale, when one was asked for. */
  item: FeeItemRow | undefined;
}

/** A signed-in user's order facts (userId > 0); feeItemId undefined when no catalogue item is asked for. */
export async function readCreateFacts(
  db: Db,
  tenantId: string,
  userId: number,
  feeItemId: number | undefined,
): Promise<CreateFacts> {
  const [row] = await createFacts(db, { tenantId, userId, feeItemId: feeItemId ?? null });
  return {
    person: personOfBinding(row?.binding ?? null),
    user: row?.caller ?? null,
    item: row?.item ? rowFromDriver(feeItems, row.item) : undefined,
  };
}
