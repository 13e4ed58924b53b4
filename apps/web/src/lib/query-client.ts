import { QueryClient } from '@tanstack/react-query';

/** The api client already toasts failures, so a retry would only repeat the toast. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
    mutations: { retry: false },
  },
});
