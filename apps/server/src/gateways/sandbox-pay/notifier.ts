/**
 * Delivers the sandbox's paid notifies the way real gateways do: at once or late, sometimes twice,
 * and again on a schedule until the merchant answers with the exact success reply.
 */
import type { FetchLike } from '../types';
import { SIGNATURE_HEADER, signNotify } from './signature';

export const SANDBOX_ACK = 'SUCCESS';

export interface DeliveryBehaviour {
  /** Share of payments whose notify is sent twice at once. */
  duplicateRate: number;
  /** Share of payments whose first notify waits lateDelayMs. */
  lateRate: number;
  lateDelayMs: number;
  /** Waits before each retry of an unacknowledged notify; its length is the number of retries. */
  retryDelaysMs: number[];
  random: () => number;
}

export const DEFAULT_BEHAVIOUR: DeliveryBehaviour = {
  duplicateRate: 0.3,
  lateRate: 0.2,
  lateDelayMs: 4000,
  retryDelaysMs: [2000, 5000, 15000, 30000, 60000, 180000],
  random: Math.random,
};

export interface SandboxNotify {
  url: string;
  body: string;
}

export class SandboxNotifier {
  behaviour: DeliveryBehaviour = { ...DEFAULT_BEHAVIOUR };
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private stopped = false;
  /** The app sets this to its logger; a failed delivery is retried on the schedule either way. */
  onError: (error: unknown, notify: SandboxNotify) => void = () => undefined;

  constructor(
    private readonly fetchFn: FetchLike,
    private readonly key: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** Schedules the deliveries of one paid notify. */
  send(notify: SandboxNotify): void {
    const b = this.behaviour;
    const late = b.random() < b.lateRate;
    const twice = b.random() < b.duplicateRate;
    this.after(late ? b.lateDelayMs : 0, () => this.attempt(notify, 0));
    if (twice) this.after(late ? b.lateDelayMs : 0, () => this.attempt(notify, b.retryDelaysMs.length));
  }

  /** Resolves once nothing is scheduled or on its way (tests wait for the channel to go quiet). */
  async idle(): Promise<void> {
    while (this.timers.size > 0 || this.inFlight.size > 0) {
      await Promise.all([...this.inFlight]);
      if (this.timers.size > 0) await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private after(ms: number, run: () => Promise<void>): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const flight = run().finally(() => this.inFlight.delete(flight));
      this.inFlight.add(flight);
    }, ms);
    // A pending retry must not keep the process alive at shutdown.
    timer.unref();
    this.timers.add(timer);
  }

  /** `attempt` counts deliveries so far; a duplicate starts at the end of the schedule (no retries). */
  private async attempt(notify: SandboxNotify, attempt: number): Promise<void> {
    if (this.stopped) return;
    let acknowledged = false;
    try {
      const res = await this.fetchFn(notify.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          [SIGNATURE_HEADER]: signNotify(this.key, notify.body, this.now()),
        },
        body: notify.body,
      });
      acknowledged = res.status === 200 && (await res.text()) === SANDBOX_ACK;
    } catch (error) {
      this.onError(error, notify);
    }
    const wait = this.behaviour.retryDelaysMs[attempt];
    if (!acknowledged && wait !== undefined) this.after(wait, () => this.attempt(notify, attempt + 1));
  }
}
