/**
 * PGlite in its own thread (issue 23): the demo server's database runs in a worker thread
 * (pglite-worker.ts), so PGlite's WebAssembly and its synchronous file calls never hold up the thread
 * that answers requests; an import writing 50,000 rows no longer stops /health.
 *
 * This side is a PGlite client for drizzle: it inherits PGlite's own query, exec and transaction code
 * (BasePGlite, the class PGlite and PGliteWorker both extend) and sends each wire-protocol message to
 * the thread, which answers with Postgres's raw reply. The reply is parsed here, as PGlite does:
 * Postgres's errors are thrown with their codes, notifications reach their listeners. The query and
 * transaction locks live on this side, so the thread runs one message at a time, in order.
 *
 *   server thread                         PGlite thread
 *   query() ─ lock ─ exec(parse) ───────▶ execProtocol ─ reply bytes ─┐
 *            ◀─ parse reply, throw/notify ◀──────────────────────────┘
 */
import { PGlite, Mutex, protocol, messages, type Transaction } from '@electric-sql/pglite';
import type { ThreadLink } from './pglite-link';

interface ExecOptions {
  syncToFs?: boolean;
  throwOnError?: boolean;
  onNotice?: (notice: messages.NoticeMessage) => void;
}

/** The part of BasePGlite this class relies on (the class itself is not exported by the package). */
interface PGliteBase {
  query: PGlite['query'];
  sql: PGlite['sql'];
  exec: PGlite['exec'];
  transaction: PGlite['transaction'];
  _initArrayTypes(options?: { force?: boolean }): Promise<void>;
}
const BasePGlite = Object.getPrototypeOf(PGlite) as new () => PGliteBase;

/** Bytes of a reply parsed between two turns of the event loop (about 10 ms of parsing here). */
const READ_SLICE = 64 * 1024;
const PARSE = 0x50; // 'P'
const BIND = 0x42; // 'B'
const DESCRIBE = 0x44; // 'D'
const PORTAL = 0x50; // 'P', the describe's target

/** Parse, bind, and describe of a portal: messages whose replies PGlite's query code needs no sooner. */
function waitsNotForReply(message: Uint8Array): boolean {
  const type = message[0];
  return type === PARSE || type === BIND || (type === DESCRIBE && message[5] === PORTAL);
}

/** PostgreSQL's own folding of an unquoted channel name (as PGlite does for its listeners). */
const postgresName = (channel: string) =>
  channel.startsWith('"') && channel.endsWith('"') ? channel.slice(1, -1) : channel.toLowerCase();

export class PGliteThread extends BasePGlite {
  readonly debug = 0;
  readonly waitReady: Promise<void>;
  /** The thread: its numbered calls, its start and its stop (pglite-link.ts). */
  #link: ThreadLink;
  #queryMutex = new Mutex();
  #transactionMutex = new Mutex();
  #parser = new protocol.Parser();
  #listeners = new Map<string, Set<(payload: string) => void>>();
  /** Replies of messages sent without waiting, in order (execProtocolStream). */
  #unread: Promise<Uint8Array | undefined>[] = [];

  /**
   * `link`: the thread, started and listened to by open-pglite.ts before this module and PGlite's code
   * are loaded here (so the two load at once); `onLost`: the thread stopped while the server still
   * needed it.
   */
  constructor(link: ThreadLink, onLost: (err: Error) => void) {
    super();
    this.#link = link;
    link.onLost(onLost);
    // The array types are read once the database answers, as PGlite does at the end of its start.
    this.waitReady = link.started.then(() => this._initArrayTypes());
    // Nobody may be waiting yet: a failed start is seen by whoever awaits waitReady.
    this.waitReady.catch(() => undefined);
  }

  get closed(): boolean {
    return this.#link.closed || this.#link.lost !== undefined;
  }

  async execProtocolRaw(message: Uint8Array, { syncToFs = true }: ExecOptions = {}): Promise<Uint8Array> {
    return (await this.#link.call({ op: 'exec', message, sync: syncToFs })) ?? new Uint8Array(0);
  }

  async execProtocol(message: Uint8Array, options: ExecOptions = {}) {
    const data = await this.execProtocolRaw(message, options);
    return { messages: this.#read(data, options), data };
  }

  /**
   * PGlite's query code sends one message at a time and waits for each reply (parse, describe, bind,
   * describe, execute, sync). Across threads each wait is a round trip behind whatever else this thread
   * is doing, so the messages whose replies it needs no sooner (parse, bind, describe of a portal) go
   * without waiting: Postgres runs them in order, and their replies come back with the next message that
   * is waited for (describe of the statement: its parameter types; execute; sync). An error in one of
   * them is thrown there, as Postgres skips what follows an error until the sync.
   */
  async execProtocolStream(
    message: Uint8Array,
    options: ExecOptions = {},
  ): Promise<messages.BackendMessage[]> {
    const reply = this.#link.call({ op: 'exec', message, sync: options.syncToFs ?? true });
    if (waitsNotForReply(message)) {
      // Observed now, awaited with the next waited-for message.
      reply.catch(() => undefined);
      this.#unread.push(reply);
      return [];
    }
    const earlier = this.#unread;
    this.#unread = [];
    const parts = await Promise.all([...earlier, reply]);
    const results: messages.BackendMessage[] = [];
    for (const part of parts) {
      const data = part ?? new Uint8Array(0);
      if (data.length <= READ_SLICE) results.push(...this.#read(data, options));
      else results.push(...(await this.#readSliced(data, options)));
    }
    return results;
  }

  /** Parses a reply as PGlite does: the first error is thrown, notices and notifications are passed on. */
  #read(data: Uint8Array, options: ExecOptions): messages.BackendMessage[] {
    const reading = this.#reading(options);
    this.#parser.parse(data, reading.take);
    return reading.end();
  }

  /**
   * #read of a large reply (a result of thousands of rows), READ_SLICE bytes at a time with the event
   * loop let through in between: parsed at once, 400 kB (10,000 rows of an import's lookup) held the
   * server's thread for 50–70 ms. The parser keeps a message cut at a slice's end for the next one.
   * PGlite's query lock is held meanwhile, so no other reply is parsed in between.
   */
  async #readSliced(data: Uint8Array, options: ExecOptions): Promise<messages.BackendMessage[]> {
    const reading = this.#reading(options);
    for (let at = 0; at < data.length; at += READ_SLICE) {
      if (at > 0) await new Promise((resolve) => setImmediate(resolve));
      this.#parser.parse(data.subarray(at, at + READ_SLICE), reading.take);
    }
    return reading.end();
  }

  #reading({ throwOnError = true, onNotice }: ExecOptions) {
    const results: messages.BackendMessage[] = [];
    let error: messages.DatabaseError | undefined;
    const take = (msg: messages.BackendMessage) => {
      if (error) return;
      if (msg instanceof messages.DatabaseError) {
        if (throwOnError) error = msg;
      } else if (msg instanceof messages.NoticeMessage) {
        onNotice?.(msg);
      } else if (msg instanceof messages.NotificationResponseMessage) {
        for (const listener of this.#listeners.get(msg.channel) ?? []) {
          const payload = msg.payload;
          queueMicrotask(() => listener(payload));
        }
      }
      results.push(msg);
    };
    const end = () => {
      if (error) {
        this.#parser = new protocol.Parser();
        throw error;
      }
      return results;
    };
    return { take, end };
  }

  /**
   * Nothing to do: the thread's PGlite keeps its data folder through NodeFS, which writes through
   * (its syncToFs does nothing), so a round trip to ask it would only cost time.
   */
  async syncToFs(): Promise<void> {}

  async listen(channel: string, callback: (payload: string) => void, tx?: Transaction) {
    const name = postgresName(channel);
    let set = this.#listeners.get(name);
    if (!set) this.#listeners.set(name, (set = new Set()));
    set.add(callback);
    try {
      await (tx ?? this).exec(`LISTEN ${channel}`);
    } catch (err) {
      set.delete(callback);
      if (set.size === 0) this.#listeners.delete(name);
      throw err;
    }
    return async (tx2?: Transaction) => {
      const listeners = this.#listeners.get(name);
      listeners?.delete(callback);
      if (listeners?.size === 0) {
        this.#listeners.delete(name);
        await (tx2 ?? this).exec(`UNLISTEN ${channel}`);
      }
    };
  }

  // COPY through /dev/blob is not used by the server; refused rather than silently ignored.
  async _handleBlob(blob?: Blob): Promise<void> {
    if (blob) throw new Error('blobs are not supported by the PGlite thread');
  }
  async _getWrittenBlob(): Promise<undefined> {
    return undefined;
  }
  async _cleanupBlob(): Promise<void> {}

  async _checkReady(): Promise<void> {
    if (this.#link.closed) throw new Error('PGlite is closed');
    if (this.#link.lost) throw this.#link.lost;
    await this.#link.started;
  }

  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T> {
    return this.#queryMutex.runExclusive(fn);
  }

  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> {
    return this.#transactionMutex.runExclusive(fn);
  }

  /** Ends the thread at once, as a crash of it would (tests; nothing in flight is finished). */
  async abort(): Promise<void> {
    await this.#link.terminate();
  }

  /** Waits for the running transaction or query, closes PGlite in its thread, then ends the thread. */
  async close(): Promise<void> {
    if (this.#link.closed) return;
    this.#link.markClosed();
    try {
      if (!this.#link.lost) {
        await this.#transactionMutex.runExclusive(() =>
          this.#queryMutex.runExclusive(() => this.#link.call({ op: 'close' })),
        );
      }
    } finally {
      await this.#link.terminate();
    }
  }
}
