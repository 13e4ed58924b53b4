/**
 * Route chunks (spec §8, §9): a chunk that has not loaded after 120 s, or failed to load, becomes
 * a ChunkLoadError, which the route error screen shows with a reload action.
 */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

const CHUNK_FAILURE =
  /dynamically imported module|Importing a module script failed|Loading chunk|ChunkLoadError/i;

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_FAILURE.test(error.message);
}

/** A chunk that failed to load is asked for once more after this pause, before the error screen. */
export const CHUNK_RETRY_MS = 1500;

export function loadChunk<T>(
  load: () => Promise<T>,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
  retryMs = CHUNK_RETRY_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`Loading chunk timed out after ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    // A network blip (a WeChat tab coming back, a lift) should not cost the screen: one more try.
    const again = () => new Promise<void>((wait) => setTimeout(wait, retryMs)).then(load);
    load()
      .catch(again)
      .then(
        (module) => {
          clearTimeout(timer);
          resolve(module);
        },
        (error: unknown) => {
          clearTimeout(timer);
          const message = error instanceof Error ? error.message : String(error);
          reject(new ChunkLoadError(`Loading chunk failed: ${message}`, { cause: error }));
        },
      );
  });
}
