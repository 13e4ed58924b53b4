/**
 * What the person kinds share: whether a row changes what is stored, and set-based writes of new rows
 * and of known rows by id, fed as jsonb rows (./kind.ts) in chunks with the commit's progress.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '@server/db/transaction';
import { BIG_CHUNK, jsonRows } from './kind';

/** Whether every field the file gives (not undefined) equals the stored one (a stored null is null). */
export const sameAsStored = (stored: Record<string, unknown>, given: Record<string, unknown>): boolean =>
  Object.entries(given).every(([k, v]) => v === undefined || (stored[k] ?? null) === v);

/** An optional cell: undefined when the column is absent, null when the cell is empty. */
export const optionalText = (value: string | null | undefined): string | null | undefined =>
  value === undefined ? undefined : value || null;

/** A table's columns (snake case) and their SQL types, as jsonb_to_recordset reads them. */
export type RecordShape = Record<string, string>;

const names = (shape: RecordShape) => sql.raw(Object.keys(shape).join(', '));
const typed = (shape: RecordShape) =>
  sql.raw(
    Object.entries(shape)
      .map(([name, type]) => `${name} ${type}`)
      .join(', '),
  );

/** Inserts the rows (keys as the shape's columns) for the tenant; ticks after each chunk. */
export async function insertRecords(
  tx: Tx,
  tenantId: string,
  table: string,
  shape: RecordShape,
  rows: Record<string, unknown>[],
  tick: (done: number) => Promise<void>,
): Promise<void> {
  for (let at = 0; at < rows.length; at += BIG_CHUNK) {
    await tx.execute(sql`
      INSERT INTO ${sql.raw(table)} (tenant_id, ${names(shape)})
      SELECT ${tenantId}, ${names(shape)}
      FROM jsonb_to_recordset(${jsonRows(rows.slice(at, at + BIG_CHUNK))}) AS x(${typed(shape)})`);
    await tick(Math.min(rows.length, at + BIG_CHUNK));
  }
}

/** Sets `fields` of the tenant's rows by id (each row carries `id`); ticks after each chunk. */
export async function updateRecords(
  tx: Tx,
  tenantId: string,
  table: string,
  shape: RecordShape,
  fields: readonly string[],
  rows: Record<string, unknown>[],
  tick: (done: number) => Promise<void>,
): Promise<void> {
  const set = sql.raw(fields.map((f) => `${f} = x.${f}`).join(', '));
  const withId = { id: 'int', ...shape };
  for (let at = 0; at < rows.length; at += BIG_CHUNK) {
    await tx.execute(sql`
      UPDATE ${sql.raw(table)} AS t SET ${set}
      FROM jsonb_to_recordset(${jsonRows(rows.slice(at, at + BIG_CHUNK))}) AS x(${typed(withId)})
      WHERE t.id = x.id AND t.tenant_id = ${tenantId}`);
    await tick(Math.min(rows.length, at + BIG_CHUNK));
  }
}
