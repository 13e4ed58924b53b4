/** Messages of the system area (params, dictionaries, tenants, menus). */
export const systemMessages = {
  'system.paramsFailed': { zh: '获取参数失败！', en: 'Failed to retrieve parameters!' },
  'system.tenantRequired': { zh: '请选择租户', en: 'Please choose a tenant' },
  'system.paramValueInvalid': {
    zh: '参数 {key} 的取值不正确',
    en: 'The value of the parameter {key} is not valid',
  },
  'system.payKeysInvalid': {
    zh: '商户密钥无法使用：{reason}',
    en: 'The merchant keys cannot be used: {reason}',
  },
  'system.providerAddressNotPublic': {
    zh: '服务地址须为可从公网访问的 https 地址',
    en: 'The provider address must be an https address reachable from the internet',
  },
  'system.channelNotAvailable': {
    zh: '本系统不支持该支付渠道',
    en: 'This deployment does not run that payment channel',
  },
} as const satisfies Record<string, { zh: string; en: string }>;
