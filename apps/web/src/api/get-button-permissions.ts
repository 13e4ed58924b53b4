/** GET /api/blade-system/menu/buttons: loaded after sign-in into the flat map behind `can()`. */
import type { ButtonNode } from '@cf/shared/wire/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { requestData } from '../lib/api-client';
import {
  flattenButtons,
  getPermissions,
  setPermissions,
  subscribePermissions,
  type PermissionMap,
} from '../lib/permissions';

export async function getButtonPermissions(): Promise<PermissionMap> {
  const tree = await requestData<ButtonNode[]>({ url: '/api/blade-system/menu/buttons', loading: false });
  const map = flattenButtons(tree);
  setPermissions(map);
  return map;
}

export const buttonPermissionsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['button-permissions', userId],
    queryFn: getButtonPermissions,
    staleTime: 10 * 60_000,
    enabled: !!userId,
  });

/** Loads the map for the signed-in user (the shell calls this once). */
export const useLoadButtonPermissions = (userId: string | undefined) =>
  useQuery(buttonPermissionsQueryOptions(userId ?? ''));

/** `can(code)` for components, re-rendering when the map changes. */
export function useCan(): (code: string) => boolean {
  const map = useSyncExternalStore(subscribePermissions, getPermissions, getPermissions);
  return useCallback((code: string) => map[code] === true, [map]);
}
