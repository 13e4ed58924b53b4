/** The console's one TanStack Query client: queue data is fresh for 10 s; failed reads retry once. */
import { QueryClient, type QueryKey } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 10_000, retry: 1, refetchOnWindowFocus: true },
    mutations: { retry: false },
  },
});

/**
 * After a write, every query under `queryKey` is read again: the console's one way to refresh.
 * invalidateQueries alone joins a query's first read still in flight instead of starting another
 * (TanStack Query cancels only reads of a query that already has data), and that read may have been
 * answered before the write: a file attached right after a new notice's first save stayed unlisted.
 * Such reads are cancelled first, so the reads that follow see the write.
 */
export async function refreshAfterWrite(client: QueryClient, queryKey: QueryKey): Promise<void> {
  await client.cancelQueries({
    queryKey,
    predicate: (query) => query.state.data === undefined && query.state.fetchStatus !== 'idle',
  });
  await client.invalidateQueries({ queryKey });
}
