/**
 * Button permissions (spec §3, §6): the role's button tree from GET /api/blade-system/menu/buttons,
 * flattened into a map of code -> true, kept with the session and asked through `can(code)`.
 */
import type { ButtonNode as WireButtonNode } from '@cf/shared/wire/system';
import { subscribeSession, getAccessToken } from './session';
import { getStore, removeStore, setStore } from './storage';

/** What flattening reads of a node of the wire's button tree (ButtonNode of @cf/shared/wire/system). */
export type ButtonNode = Pick<WireButtonNode, 'code'> &
  Partial<Pick<WireButtonNode, 'name'>> & { children?: readonly ButtonNode[] };

export type PermissionMap = Record<string, true>;

export function flattenButtons(tree: readonly ButtonNode[] | undefined): PermissionMap {
  const map: PermissionMap = {};
  const walk = (nodes: readonly ButtonNode[] | undefined) => {
    for (const node of nodes ?? []) {
      if (node.code) map[node.code] = true;
      walk(node.children);
    }
  };
  walk(tree);
  return map;
}

const STORE_NAME = 'button-permissions';
let permissions: PermissionMap = getStore<PermissionMap>(STORE_NAME) ?? {};
const listeners = new Set<() => void>();

export function setPermissions(map: PermissionMap): void {
  permissions = map;
  setStore(STORE_NAME, map, 'local');
  listeners.forEach((listener) => listener());
}

export const can = (code: string): boolean => permissions[code] === true;
export const getPermissions = (): PermissionMap => permissions;

export function subscribePermissions(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Signing out drops the map with the rest of the session.
subscribeSession(() => {
  if (getAccessToken() || Object.keys(permissions).length === 0) return;
  permissions = {};
  removeStore(STORE_NAME);
  listeners.forEach((listener) => listener());
});
