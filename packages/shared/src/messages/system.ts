/** Messages of the system area (params, dictionaries, tenants, menus). */
export const systemMessages = {
  'system.paramsFailed': { zh: '获取参数失败！', en: 'Failed to retrieve parameters!' },
} as const satisfies Record<string, { zh: string; en: string }>;
