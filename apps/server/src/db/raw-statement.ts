/**
 * Raw SQL run as a named prepared statement, for the hot paths: its text is built once (a query builder
 * builds it again on every call), and each connection parses and plans it once. Parameters are
 * sql.placeholder(name)s. Rows come back as the driver answers them (column names, raw values);
 * rowFromDriver reads one as a row of a table, the way Drizzle reads that table's columns.
 */
import { getTableColumns, type SQL } from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import type { WriteTx } from './transaction';

const dialect = new PgDialect();

export type RawStatement<T> = (db: Db | WriteTx, values: Record<string, unknown>) => Promise<T[]>;

export function rawStatement<T>(name: string, query: SQL): RawStatement<T> {
  const built = dialect.sqlToQuery(query);
  return async (db, values) => {
    const prepared = db._.session.prepareQuery(built, undefined, name, false);
    return ((await prepared.execute(values)) as { rows: T[] }).rows;
  };
}

export function rowFromDriver<T extends PgTable>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}
