import { QueryClient, QueryObserver } from '@tanstack/query-core';
import { describe, expect, it } from 'vitest';
import { refreshAfterWrite } from './query-refresh';

/**
 * A notice read by a screen whose first read is still in flight when a file is attached: the server
 * answered that read before the file was stored (the files it lists: none), the next read lists it.
 */
function noticeReads() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 10_000 } } });
  const answers: (() => void)[] = [];
  let stored: string[] = [];
  const observer = new QueryObserver<string[]>(client, {
    queryKey: ['notices', 'one', 7],
    // Each read answers with what was stored when it reached the server.
    queryFn: () => {
      const seen = [...stored];
      return new Promise<string[]>((resolve) => answers.push(() => resolve(seen)));
    },
  });
  const unsubscribe = observer.subscribe(() => undefined);
  return {
    client,
    store: (file: string) => (stored = [...stored, file]),
    /** Lets every read sent so far come back. */
    answerAll: () => answers.splice(0).forEach((answer) => answer()),
    reads: () => answers.length,
    shown: () => client.getQueryData<string[]>(['notices', 'one', 7]),
    unsubscribe,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('refreshAfterWrite', () => {
  it('reads a screen whose first read was in flight again after the write', async () => {
    const screen = noticeReads();
    expect(screen.reads()).toBe(1);
    screen.store('guide.pdf');
    const refreshing = refreshAfterWrite(screen.client, ['notices']);
    await settle();
    screen.answerAll();
    await refreshing;
    await settle();
    expect(screen.shown()).toEqual(['guide.pdf']);
    screen.unsubscribe();
  });

  it('is needed: invalidateQueries alone keeps the answer of the read sent before the write', async () => {
    const screen = noticeReads();
    screen.store('guide.pdf');
    const invalidating = screen.client.invalidateQueries({ queryKey: ['notices'] });
    screen.answerAll();
    await invalidating;
    await settle();
    expect(screen.shown()).toEqual([]);
    screen.unsubscribe();
  });

  it('reads a screen that already shows data again, once', async () => {
    const screen = noticeReads();
    screen.answerAll();
    await settle();
    expect(screen.shown()).toEqual([]);
    screen.store('guide.pdf');
    const refreshing = refreshAfterWrite(screen.client, ['notices']);
    await settle();
    expect(screen.reads()).toBe(1);
    screen.answerAll();
    await refreshing;
    expect(screen.shown()).toEqual(['guide.pdf']);
    screen.unsubscribe();
  });
});
