/**
 * The server's end of the PGlite thread (pglite-worker.ts): numbered calls, their answers, the
 * thread's start and its stop. It listens from the moment the thread is started. A Worker drops the
 * messages and events nobody listens to, and PGlite's client code (pglite-thread.ts) loads while the
 * thread opens the folder: on a busy machine the thread's 'ready' came before that code listened,
 * and the server waited for it forever, silent (a CI run's restart test).
 * Light on purpose: open-pglite.ts loads it before the thread starts, PGlite's code after.
 */
import type { Worker } from 'node:worker_threads';

/** What the thread is started with (workerData; pglite-worker.ts). */
export interface ThreadStart {
  dataDir: string;
  /** A migrated empty cluster a new folder is copied from, when there is one (open-pglite.ts). */
  template?: string;
}

export type ThreadCall =
  { op: 'exec'; id: number; message: Uint8Array; sync: boolean } | { op: 'close'; id: number };
/** A call before it is numbered. */
export type Unnumbered<C> = C extends ThreadCall ? Omit<C, 'id'> : never;

export type ThreadAnswer =
  | { type: 'ready' }
  | { type: 'failed'; error: { message: string; stack?: string } }
  | { type: 'done'; id: number; data?: Uint8Array }
  | { type: 'error'; id: number; error: { message: string; stack?: string } };

const errorFrom = (error: { message: string; stack?: string }) =>
  Object.assign(new Error(error.message), error);

export class ThreadLink {
  /** The thread opened its folder: calls may be answered. */
  readonly started: Promise<void>;
  readonly #worker: Worker;
  #nextId = 1;
  #pending = new Map<number, { resolve: (data?: Uint8Array) => void; reject: (err: Error) => void }>();
  #lost: Error | undefined;
  #closed = false;
  #onLost: ((err: Error) => void) | undefined;

  constructor(worker: Worker) {
    this.#worker = worker;
    let ready!: () => void;
    let failed!: (err: Error) => void;
    this.started = new Promise<void>((resolve, reject) => {
      ready = resolve;
      failed = reject;
    });
    // Nobody may be waiting yet: a failed start is seen by whoever awaits it.
    this.started.catch(() => undefined);
    worker.on('message', (answer: ThreadAnswer) => {
      if (answer.type === 'ready') ready();
      else if (answer.type === 'failed') failed(errorFrom(answer.error));
      else {
        const call = this.#pending.get(answer.id);
        this.#pending.delete(answer.id);
        if (answer.type === 'done') call?.resolve(answer.data);
        else call?.reject(errorFrom(answer.error));
      }
    });
    const stopped = (err: Error) => {
      if (this.#lost) return;
      this.#lost = err;
      failed(err);
      for (const call of this.#pending.values()) call.reject(err);
      this.#pending.clear();
      if (!this.#closed) this.#onLost?.(err);
    };
    worker.on('error', (err) => stopped(err));
    worker.on('exit', (code) => stopped(new Error(`the PGlite thread stopped (exit code ${code})`)));
  }

  /** Why the thread stopped, once it has. */
  get lost(): Error | undefined {
    return this.#lost;
  }

  /**
   * Who is told when the thread stops while the server still needs it. A stop before this is set
   * (while PGlite's code loaded) is told at once.
   */
  onLost(handler: (err: Error) => void): void {
    this.#onLost = handler;
    if (this.#lost && !this.#closed) handler(this.#lost);
  }

  call(call: Unnumbered<ThreadCall>): Promise<Uint8Array | undefined> {
    if (this.#lost) return Promise.reject(this.#lost);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...call, id });
    });
  }

  /** The server closes the database (its last call is the close): the thread's end is no loss. */
  markClosed(): void {
    this.#closed = true;
  }

  get closed(): boolean {
    return this.#closed;
  }

  async terminate(): Promise<void> {
    await this.#worker.terminate();
  }
}
