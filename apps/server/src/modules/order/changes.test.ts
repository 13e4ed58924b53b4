/**
 * Every write of the orders table announces the change (changes.ts): the order lists of the people it
 * concerns are dropped after the commit. This reads the server's source for every statement that
 * inserts, updates or deletes orders (drizzle or SQL) and fails when the function around one does not
 * call announceOrderChange(): a new writer that forgets it is caught here, not by a stale list.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Writes that change nothing a person sees, each with the reason. */
const SILENT: Record<string, RegExp> = {
  // A job's lease stamp: SET updated_at only (no list or detail field changes).
  'jobs/claim.ts': /UPDATE orders SET updated_at = now\(\)\s+WHERE id IN \(/,
  // npm run seed:school: the orders of a tenant it creates in the same transaction, whose people no
  // process can have a list of yet.
  'db/seed/school.ts': /INSERT INTO orders \(id, tenant_id,/,
};

const WRITE = [
  /\.(insert|update|delete)\(\s*orders\s*\)/g,
  /\b(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?orders"?\s/gi,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

interface Write {
  file: string;
  line: number;
  /** From the statement to the end of the top-level function it is in. */
  rest: string;
}

function writesOfOrders(): Write[] {
  const found: Write[] = [];
  for (const full of sourceFiles(src)) {
    const text = readFileSync(full, 'utf8');
    for (const pattern of WRITE) {
      for (const match of text.matchAll(pattern)) {
        const at = match.index;
        const end = text.indexOf('\n}', at);
        found.push({
          file: path.relative(src, full).split(path.sep).join('/'),
          line: text.slice(0, at).split('\n').length,
          rest: text.slice(at, end < 0 ? undefined : end),
        });
      }
    }
  }
  return found;
}

describe('order changes are announced', () => {
  const writes = writesOfOrders();

  it('finds the writers it knows of (the scan itself works)', () => {
    const files = new Set(writes.map((w) => w.file));
    expect(files).toContain('modules/order/pay-status.ts');
    expect(files).toContain('modules/order/order-repo.ts');
    // markPaying, repeatPaying, markPaid, markClosed, recordRefund, insertOrder, and the job lease.
    expect(writes.length).toBeGreaterThanOrEqual(7);
  });

  it('each write of orders is followed by announceOrderChange() in its function', () => {
    const silent = writes.filter((w) => SILENT[w.file]?.test(w.rest));
    expect(silent.map((w) => w.file).sort()).toEqual(['db/seed/school.ts', 'jobs/claim.ts']);
    const unannounced = writes
      .filter((w) => !silent.includes(w) && !/\bannounceOrderChange\(tx, /.test(w.rest))
      .map((w) => `${w.file}:${w.line}`);
    expect(unannounced).toEqual([]);
  });
});
