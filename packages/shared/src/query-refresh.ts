/**
 * After a write, the queries it changed are read again: both apps' one way to refresh (the console's
 * mutations, the phone app's pay, notice, invoice and profile writes).
 * TanStack Query's invalidateQueries cancels only the reads of queries that already have data; a
 * query's first read still in flight is joined, and it may have been answered before the write (a file
 * attached right after a new notice's first save stayed unlisted). Such reads are cancelled first, so
 * every read that follows sees the write.
 */

/** What a query offers the filters below (TanStack Query's Query has it). */
interface QueryLike {
  queryKey: readonly unknown[];
  state: { data: unknown; fetchStatus: string };
}
interface QueryFiltersLike {
  queryKey: readonly unknown[];
  predicate?: (query: QueryLike) => boolean;
}
/** The part of TanStack Query's QueryClient used here (this package does not depend on it). */
export interface QueryRefresher {
  cancelQueries(filters: QueryFiltersLike): Promise<void>;
  invalidateQueries(filters: QueryFiltersLike): Promise<void>;
}

export async function refreshAfterWrite(
  client: QueryRefresher,
  queryKey: readonly unknown[],
  predicate: (query: QueryLike) => boolean = () => true,
): Promise<void> {
  await client.cancelQueries({
    queryKey,
    predicate: (query) =>
      predicate(query) && query.state.data === undefined && query.state.fetchStatus !== 'idle',
  });
  await client.invalidateQueries({ queryKey, predicate });
}
