/** Messages of the system area (params, dictionaries, tenants, menus). */
export const systemMessages = {
  'system.paramsFailed': { zh: '获取参数失败！', en: 'Failed to retrieve parameters!' },
  'system.tenantRequired': { zh: '请选择租户', en: 'Please choose a tenant' },
} as const satisfies Record<string, { zh: string; en: string }>;
