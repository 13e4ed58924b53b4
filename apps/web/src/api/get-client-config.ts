/** GET /api/blade-system/client-config: the client id and the wire AES key (public by design). */
import type { ClientConfig } from '@cf/shared/wire/system';
import { queryOptions } from '@tanstack/react-query';
import { requestData } from '../lib/api-client';
import { queryClient } from '../lib/query-client';

export const getClientConfig = (): Promise<ClientConfig> =>
  requestData<ClientConfig>({ url: '/api/blade-system/client-config', loading: false, anonymous: true });

export const clientConfigQueryOptions = () =>
  queryOptions({ queryKey: ['client-config'], queryFn: getClientConfig, staleTime: Infinity });

/** For fetchers that need the wire key before a call (sign-in, ID-card lookup). */
export const loadClientConfig = (): Promise<ClientConfig> =>
  queryClient.fetchQuery(clientConfigQueryOptions());
