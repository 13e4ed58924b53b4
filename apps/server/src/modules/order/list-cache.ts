/**
 * The order lists, cached per caller as the exact reply bodies, in each server process.
 *
 * A cached page is dropped whenever an order it could show changes:
 * - in this process, right after the transaction that changed it commits (every write of orders
 *   announces itself: changes.ts), so a person always reads their own writes;
 * - in every process, when PostgreSQL announces the change on channel cf_order_list: the server
 *   announces its own writes right after commit (attachOrderListCache), a trigger on orders
 *   (migrations 0002, 0006) those made outside this code;
 * - after TTL at the latest, and all at once while the announcement connection is down.
 * A page read while a change was being applied is not stored (the epoch check in put()).
 */
import type { FastifyInstance } from 'fastify';
import type { Database, Db } from '@server/db/client';
import { onOrderChange, type OrderParties } from './changes';

export const ORDER_LIST_CHANNEL = 'cf_order_list';

export interface ListCaller {
  tenantId: string;
  userId: number;
  oauthId: number | null;
}

interface CallerEntry {
  deps: string[];
  pages: Map<string, string>;
  bytes: number;
  storedAt: number;
}

const userKey = (tenantId: string, id: number) => `${tenantId}\u0000u${id}`;
const oauthKey = (tenantId: string, id: number) => `${tenantId}\u0000o${id}`;

export interface OrderListCacheOptions {
  /** Bytes of reply bodies kept at most (oldest callers go first); 0 turns the cache off. */
  maxBytes: number;
  /** A page is served from memory this long at most. */
  ttlMs: number;
  now?: () => number;
}

export class OrderListCache {
  private readonly callers = new Map<string, CallerEntry>();
  private readonly byParty = new Map<string, Set<string>>();
  private bytes = 0;
  private epoch = 0;
  /** Off until changes can be heard (the announcement connection is up), and when maxBytes is 0. */
  private live = false;
  private readonly now: () => number;

  constructor(private readonly options: OrderListCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.live && this.options.maxBytes > 0;
  }

  /** Whether changes are heard: false drops everything and stores nothing until true again. */
  setLive(live: boolean): void {
    this.live = live;
    this.clear();
  }

  private static callerKey(c: ListCaller): string {
    return `${c.tenantId}\u0000${c.userId > 0 ? c.userId : -1}\u0000${c.oauthId ?? -1}`;
  }

  get(caller: ListCaller, page: string): string | undefined {
    if (!this.enabled) return undefined;
    const key = OrderListCache.callerKey(caller);
    const entry = this.callers.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt > this.options.ttlMs) {
      this.drop(key);
      return undefined;
    }
    return entry.pages.get(page);
  }

  /** Taken before reading the database; put() stores only if no change was applied since. */
  ticket(): number {
    return this.epoch;
  }

  put(ticket: number, caller: ListCaller, page: string, body: string): void {
    if (!this.enabled || ticket !== this.epoch) return;
    const size = body.length * 2;
    if (size > this.options.maxBytes / 4) return;
    const key = OrderListCache.callerKey(caller);
    let entry = this.callers.get(key);
    if (!entry) {
      const deps: string[] = [];
      if (caller.userId > 0) deps.push(userKey(caller.tenantId, caller.userId));
      if (caller.oauthId) deps.push(oauthKey(caller.tenantId, caller.oauthId));
      entry = { deps, pages: new Map(), bytes: 0, storedAt: this.now() };
      this.callers.set(key, entry);
      for (const dep of deps) {
        let set = this.byParty.get(dep);
        if (!set) this.byParty.set(dep, (set = new Set()));
        set.add(key);
      }
    }
    const old = entry.pages.get(page);
    if (old !== undefined) {
      entry.bytes -= old.length * 2;
      this.bytes -= old.length * 2;
    }
    entry.pages.set(page, body);
    entry.bytes += size;
    this.bytes += size;
    // Oldest callers first (a Map keeps insertion order).
    for (const oldest of this.callers.keys()) {
      if (this.bytes <= this.options.maxBytes) break;
      this.drop(oldest);
    }
  }

  /** Drops every cached page of the callers an order concerns. */
  invalidate(parties: OrderParties): void {
    this.epoch++;
    const keys = [
      ...parties.userIds.filter((id): id is number => !!id).map((id) => userKey(parties.tenantId, id)),
      ...parties.oauthIds.filter((id): id is number => !!id).map((id) => oauthKey(parties.tenantId, id)),
    ];
    for (const dep of keys) {
      const set = this.byParty.get(dep);
      if (!set) continue;
      for (const key of [...set]) this.drop(key);
    }
  }

  clear(): void {
    this.epoch++;
    this.callers.clear();
    this.byParty.clear();
    this.bytes = 0;
  }

  /** Cached bytes and callers, for tests and logs. */
  get size(): { callers: number; bytes: number } {
    return { callers: this.callers.size, bytes: this.bytes };
  }

  private drop(key: string): void {
    const entry = this.callers.get(key);
    if (!entry) return;
    this.callers.delete(key);
    this.bytes -= entry.bytes;
    for (const dep of entry.deps) {
      const set = this.byParty.get(dep);
      set?.delete(key);
      if (set?.size === 0) this.byParty.delete(dep);
    }
  }
}

/** What the database hears and announces for the order lists. */
export type Announcements = Pick<Database, 'listen' | 'notify' | 'announcesWrites'>;

/** A cf_order_list announcement, in the shape the trigger of migration 0002 sends. */
export function announcementOf(parties: OrderParties): string {
  const ids = (list: (number | null | undefined)[]) => list.filter((v): v is number => typeof v === 'number');
  return JSON.stringify({ t: parties.tenantId, u: ids(parties.userIds), o: ids(parties.oauthIds) });
}

/** A NOTIFY payload stays under PostgreSQL's 8000 bytes. */
const MAX_PAYLOAD = 7000;

/**
 * Collects the changes announced in one tick and sends them as JSON arrays of announcements (each
 * under MAX_PAYLOAD), so a burst of writes costs one NOTIFY, not one each.
 */
export function batchedPublisher(send: (payload: string) => unknown): (parties: OrderParties) => void {
  let pending: string[] = [];
  return (parties) => {
    pending.push(announcementOf(parties));
    if (pending.length > 1) return;
    setImmediate(() => {
      const batch = pending;
      pending = [];
      let part: string[] = [];
      let size = 2;
      for (const one of batch) {
        if (part.length && size + one.length + 1 > MAX_PAYLOAD) {
          send(`[${part.join(',')}]`);
          part = [];
          size = 2;
        }
        part.push(one);
        size += one.length + 1;
      }
      if (part.length) send(`[${part.join(',')}]`);
    });
  };
}

/** Parses a cf_order_list payload: one announcement (the trigger's) or an array (the server's). */
export function parseAnnouncements(payload: string): OrderParties[] | null {
  try {
    const data: unknown = JSON.parse(payload);
    const list = Array.isArray(data) ? data : [data];
    const parsed = list.map((one) => parseAnnouncement(JSON.stringify(one)));
    return parsed.every((p): p is OrderParties => p !== null) ? parsed : null;
  } catch {
    return null;
  }
}

/** Parses a cf_order_list announcement; null when it is not one. */
export function parseAnnouncement(payload: string): OrderParties | null {
  try {
    const data = JSON.parse(payload) as { t?: unknown; u?: unknown; o?: unknown };
    if (typeof data.t !== 'string' || !Array.isArray(data.u) || !Array.isArray(data.o)) return null;
    const ids = (list: unknown[]) => list.filter((v): v is number => typeof v === 'number');
    return { tenantId: data.t, userIds: ids(data.u), oauthIds: ids(data.o) };
  } catch {
    return null;
  }
}

/**
 * Gives the app its order-list cache: fed by this process's commits and by the database's
 * announcements. Without `database` (or with maxBytes 0) the cache stays off.
 */
export function attachOrderListCache(
  app: FastifyInstance,
  db: Db,
  database: Announcements | undefined,
  options: OrderListCacheOptions,
): OrderListCache {
  const cache = new OrderListCache(options);
  if (database?.announcesWrites) {
    // Every process hears this one's writes: announced right after they commit (see migration 0006),
    // whether or not this process caches; the writes of one tick in one NOTIFY. Unawaited: a lost
    // announcement costs at most TTL of staleness.
    const publish = batchedPublisher((payload) =>
      database.notify(ORDER_LIST_CHANNEL, payload).catch((err: unknown) => {
        app.log.warn({ err }, 'order list change not announced');
      }),
    );
    const offPublish = onOrderChange(db, publish);
    app.addHook('onClose', async () => offPublish());
  }
  if (!database || options.maxBytes <= 0) return cache;
  const offCommits = onOrderChange(db, (parties) => cache.invalidate(parties));
  let stop: (() => Promise<void>) | undefined;
  // Listening starts once the app is ready (before it serves; the cache is not live until then), so
  // building the app does not wait for the database: serve.ts builds it while the database opens.
  app.addHook('onReady', async () => {
    stop = await database.listen(ORDER_LIST_CHANNEL, {
      message(payload) {
        const list = parseAnnouncements(payload);
        if (list) for (const parties of list) cache.invalidate(parties);
        else cache.clear();
      },
      reset(up) {
        if (!up) app.log.warn('order list cache off: lost the database announcement connection');
        cache.setLive(up);
      },
    });
  });
  app.addHook('onClose', async () => {
    offCommits();
    cache.setLive(false);
    await stop?.();
  });
  return cache;
}
