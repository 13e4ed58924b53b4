// Preloaded into the benchmarked server only (node --import): counts the statements it sends to the
// database (pg: every Client.query, BEGIN and COMMIT included; PGlite: query/exec, and BEGIN, COMMIT and
// each statement of a transaction). On SIGUSR2 it writes `cf-bench-queries <count>` to stderr, which
// bench/api.ts reads to print queries per request. Nothing of this is in the server's own code.
import { appendFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

// BENCH_QUERY_LOG=<file>: every statement's text is appended there too (to see what a route sends).
const log = process.env.BENCH_QUERY_LOG;
const text = (arg) => (typeof arg === 'string' ? arg : (arg?.text ?? arg?.name ?? '?'));
let count = 0;
const counting = (proto, name) => {
  const original = proto[name];
  proto[name] = function (...args) {
    count++;
    if (log) appendFileSync(log, `${text(args[0]).replace(/\s+/g, ' ').slice(0, 1200)}\n`);
    return original.apply(this, args);
  };
};
counting(pg.Client.prototype, 'query');
// The base class PGlite shares with the server's PGlite thread client (apps/server/src/db/pglite-thread.ts).
const basePGlite = Object.getPrototypeOf(PGlite.prototype);
counting(basePGlite, 'query');
counting(basePGlite, 'exec');
const transaction = basePGlite.transaction;
basePGlite.transaction = function (fn) {
  count += 2; // BEGIN, COMMIT or ROLLBACK
  return transaction.call(this, (tx) => {
    for (const name of ['query', 'exec']) {
      const original = tx[name];
      if (typeof original === 'function')
        tx[name] = (...args) => {
          count++;
          return original.apply(tx, args);
        };
    }
    return fn(tx);
  });
};
process.on('SIGUSR2', () => {
  if (log) appendFileSync(log, `--- ${count}\n`);
  process.stderr.write(`cf-bench-queries ${count}\n`);
});
