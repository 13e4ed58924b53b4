/**
 * The send-code countdown (spec §4, §9): 60 s, ticking once a second. A plain timer object so it
 * can be tested with fake timers; use-countdown.ts wraps it for components.
 */
export const SMS_RESEND_SECONDS = 60;

export interface Countdown {
  start(seconds?: number): void;
  stop(): void;
  remaining(): number;
}

export function createCountdown(onTick: (remaining: number) => void, onDone: () => void): Countdown {
  let left = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  const stop = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };
  return {
    start(seconds = SMS_RESEND_SECONDS) {
      stop();
      left = seconds;
      onTick(left);
      timer = setInterval(() => {
        left -= 1;
        if (left <= 0) {
          left = 0;
          stop();
          onDone();
        } else onTick(left);
      }, 1000);
    },
    stop() {
      stop();
      left = 0;
    },
    remaining: () => left,
  };
}
