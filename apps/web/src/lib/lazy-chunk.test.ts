import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, isChunkLoadError, loadChunk } from './lazy-chunk';

describe('route chunks', () => {
  afterEach(() => vi.useRealTimers());

  it('gives up after 120 s with a ChunkLoadError', async () => {
    vi.useFakeTimers();
    const pending = loadChunk(() => new Promise<never>(() => undefined));
    const outcome = pending.catch((error: unknown) => error);
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    await vi.advanceTimersByTimeAsync(119_999);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('asks once more for a chunk that failed to load before giving up', async () => {
    let calls = 0;
    const flaky = () =>
      ++calls === 1 ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(7);
    await expect(loadChunk(flaky, CHUNK_LOAD_TIMEOUT_MS, 1)).resolves.toBe(7);
    expect(calls).toBe(2);
  });

  it('turns a failed import into a ChunkLoadError and passes a loaded one through', async () => {
    let calls = 0;
    const failed = loadChunk(
      () => {
        calls++;
        return Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
      },
      CHUNK_LOAD_TIMEOUT_MS,
      1,
    );
    await expect(failed).rejects.toBeInstanceOf(ChunkLoadError);
    expect(calls).toBe(2);
    await expect(loadChunk(() => Promise.resolve({ default: 1 }))).resolves.toEqual({ default: 1 });
  });

  it('recognises the browsers’ own chunk failure messages, and nothing else', () => {
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
    expect(isChunkLoadError('text')).toBe(false);
  });
});
