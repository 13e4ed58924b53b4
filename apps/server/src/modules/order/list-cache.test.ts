/** The order-list cache on its own: who a page belongs to, what drops it, and when nothing is stored. */
import { describe, expect, it } from 'vitest';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '@server/db/client';
import { transaction, type Tx } from '@server/db/transaction';
import { announceOrderChange, onOrderChange } from './changes';
import {
  announcementOf,
  batchedPublisher,
  OrderListCache,
  parseAnnouncement,
  parseAnnouncements,
} from './list-cache';

const student = { tenantId: '100001', userId: 7, oauthId: null };
const visitor = { tenantId: '100001', userId: 0, oauthId: 41 };
const boundVisitor = { tenantId: '100001', userId: 7, oauthId: 41 };
const otherTenant = { tenantId: '100002', userId: 7, oauthId: null };

function liveCache(options: Partial<ConstructorParameters<typeof OrderListCache>[0]> = {}) {
  const cache = new OrderListCache({ maxBytes: 1024 * 1024, ttlMs: 60_000, ...options });
  cache.setLive(true);
  return cache;
}

describe('OrderListCache', () => {
  it('answers a page only to the caller and tenant it was stored for', () => {
    const cache = liveCache();
    cache.put(cache.ticket(), student, 'mine|all|1', '{"a":1}');
    expect(cache.get(student, 'mine|all|1')).toBe('{"a":1}');
    expect(cache.get(student, 'mine|all|2')).toBeUndefined();
    expect(cache.get(otherTenant, 'mine|all|1')).toBeUndefined();
    expect(cache.get(visitor, 'mine|all|1')).toBeUndefined();
    expect(cache.get(boundVisitor, 'mine|all|1')).toBeUndefined();
  });

  it('drops the pages of the creator and payer of a changed order, and only theirs', () => {
    const cache = liveCache();
    for (const caller of [student, visitor, boundVisitor, otherTenant])
      cache.put(cache.ticket(), caller, 'p', 'x');
    cache.invalidate({ tenantId: '100001', userIds: [null, 99], oauthIds: [41, null] });
    expect(cache.get(visitor, 'p')).toBeUndefined();
    expect(cache.get(boundVisitor, 'p')).toBeUndefined();
    expect(cache.get(student, 'p')).toBe('x');
    cache.invalidate({ tenantId: '100001', userIds: [7], oauthIds: [] });
    expect(cache.get(student, 'p')).toBeUndefined();
    // The same user id in another tenant is another person.
    expect(cache.get(otherTenant, 'p')).toBe('x');
  });

  it('does not store a page read while a change was applied', () => {
    const cache = liveCache();
    const ticket = cache.ticket();
    cache.invalidate({ tenantId: '100002', userIds: [1], oauthIds: [] });
    cache.put(ticket, student, 'p', 'read before the change');
    expect(cache.get(student, 'p')).toBeUndefined();
    cache.put(cache.ticket(), student, 'p', 'read after');
    expect(cache.get(student, 'p')).toBe('read after');
  });

  it('stores and answers nothing while changes cannot be heard, and forgets all on losing them', () => {
    const cache = new OrderListCache({ maxBytes: 1024, ttlMs: 60_000 });
    cache.put(cache.ticket(), student, 'p', 'x');
    expect(cache.get(student, 'p')).toBeUndefined();
    cache.setLive(true);
    cache.put(cache.ticket(), student, 'p', 'x');
    expect(cache.get(student, 'p')).toBe('x');
    cache.setLive(false);
    expect(cache.size).toEqual({ callers: 0, bytes: 0 });
    cache.setLive(true);
    expect(cache.get(student, 'p')).toBeUndefined();
  });

  it('is off with no memory', () => {
    const cache = liveCache({ maxBytes: 0 });
    cache.put(cache.ticket(), student, 'p', 'x');
    expect(cache.enabled).toBe(false);
    expect(cache.get(student, 'p')).toBeUndefined();
  });

  it('keeps within its memory, dropping the oldest callers first', () => {
    const cache = liveCache({ maxBytes: 1000 });
    const body = 'b'.repeat(100); // 200 bytes as JavaScript holds it
    for (let userId = 1; userId <= 8; userId++)
      cache.put(cache.ticket(), { tenantId: '100001', userId, oauthId: null }, 'p', body);
    expect(cache.size.bytes).toBeLessThanOrEqual(1000);
    expect(cache.size.callers).toBe(5);
    expect(cache.get({ tenantId: '100001', userId: 1, oauthId: null }, 'p')).toBeUndefined();
    expect(cache.get({ tenantId: '100001', userId: 8, oauthId: null }, 'p')).toBe(body);
    // A page larger than a quarter of the memory is never kept.
    cache.put(cache.ticket(), student, 'big', 'b'.repeat(200));
    expect(cache.get(student, 'big')).toBeUndefined();
  });

  it('serves a page for TTL at most', () => {
    let now = 1_000;
    const cache = liveCache({ ttlMs: 500, now: () => now });
    cache.put(cache.ticket(), student, 'p', 'x');
    now += 500;
    expect(cache.get(student, 'p')).toBe('x');
    now += 1;
    expect(cache.get(student, 'p')).toBeUndefined();
    expect(cache.size.callers).toBe(0);
  });
});

describe('announcements', () => {
  it('reads what the database trigger sends and refuses anything else', () => {
    expect(parseAnnouncement('{"t":"100001","u":[7,null],"o":[null,41]}')).toEqual({
      tenantId: '100001',
      userIds: [7],
      oauthIds: [41],
    });
    expect(parseAnnouncement('not json')).toBeNull();
    expect(parseAnnouncement('{"t":1,"u":[],"o":[]}')).toBeNull();
    expect(parseAnnouncement('{"t":"100001"}')).toBeNull();
  });
});

describe('announceOrderChange', () => {
  const row = { tenantId: '100001', userId: 7, oauthId: null, payerUserId: 9, payerOauthId: 41 };

  function fakeDb() {
    const db = {
      async transaction<T>(fn: (t: object) => Promise<T>): Promise<T> {
        return fn({ isTx: true });
      },
    } as unknown as Db;
    const heard: unknown[] = [];
    onOrderChange(db, (parties) => heard.push(parties));
    return { db, heard };
  }

  it('announces a change made inside a transaction once the transaction has ended', async () => {
    const { db, heard } = fakeDb();
    let heardInside = -1;
    await transaction(db, async (tx) => {
      announceOrderChange(tx, row);
      await Promise.resolve();
      heardInside = heard.length;
    });
    expect(heardInside).toBe(0);
    expect(heard).toEqual([{ tenantId: '100001', userIds: [7, 9], oauthIds: [null, 41] }]);
  });

  it('announces nothing for a rolled back transaction, and at once through the database itself', async () => {
    const { db, heard } = fakeDb();
    await expect(
      transaction(db, async (tx) => {
        announceOrderChange(tx, row);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(heard).toHaveLength(0);
    announceOrderChange(db as unknown as Tx, row);
    expect(heard).toHaveLength(1);
  });

  it('refuses a transaction not opened by transaction(), so a forgotten announcement cannot hide', () => {
    // What db.transaction() hands out directly: a drizzle PgTransaction (no database needed to make one).
    const raw = Object.create(PgTransaction.prototype) as Tx;
    expect(() => announceOrderChange(raw, row)).toThrow(/transaction\(\)/);
  });
});

describe('announcements the server sends', () => {
  it('carry the parties in the shape the trigger sends, and parse back', () => {
    const text = announcementOf({ tenantId: '100001', userIds: [7, null, 9], oauthIds: [undefined, 3] });
    expect(JSON.parse(text)).toEqual({ t: '100001', u: [7, 9], o: [3] });
    expect(parseAnnouncement(text)).toEqual({ tenantId: '100001', userIds: [7, 9], oauthIds: [3] });
  });

  it('of one tick go out in one NOTIFY (split under the payload limit), and parse back as a list', async () => {
    const sent: string[] = [];
    const publish = batchedPublisher((payload) => sent.push(payload));
    for (let i = 0; i < 300; i++) publish({ tenantId: '100001', userIds: [i], oauthIds: [] });
    expect(sent).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent.length).toBeGreaterThan(1);
    expect(sent.length).toBeLessThan(10);
    for (const payload of sent) expect(Buffer.byteLength(payload)).toBeLessThan(8000);
    const all = sent.flatMap((payload) => parseAnnouncements(payload)!);
    expect(all.map((p) => p.userIds[0])).toEqual([...Array(300).keys()]);
    expect(parseAnnouncements('{"t":"100001","u":[1],"o":[]}')).toEqual([
      { tenantId: '100001', userIds: [1], oauthIds: [] },
    ]);
    expect(parseAnnouncements('[{"t":"100001","u":[1],"o":[]},{"t":2}]')).toBeNull();
  });
});
