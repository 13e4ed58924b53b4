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
  'system.channelIncomplete': {
    zh: '请先填写：{Field}（填写完整并测试通过后才能启用）',
    en: 'Fill in first: {Field} (a channel is enabled once complete and tested)',
  },
  'system.channelCheckFailed': {
    zh: '测试调用未成功（{code}），设置未保存：请核对商户号、证书序列号、API 私钥与 APIv3 密钥',
    en: 'The test call did not succeed ({code}); nothing was saved: check the merchant ID, serial number, API private key and APIv3 key',
  },
  'system.payField.appId': { zh: 'AppID', en: 'App ID' },
  'system.payField.mchId': { zh: '商户号', en: 'Merchant ID' },
  'system.payField.serialNo': { zh: '商户证书序列号', en: 'Certificate serial number' },
  'system.payField.privateKeyPem': { zh: '商户 API 私钥', en: 'Merchant API private key' },
  'system.payField.apiV3Key': { zh: 'APIv3 密钥', en: 'APIv3 key' },
  'system.payField.alipayPublicKeyPem': { zh: '支付宝公钥', en: 'Alipay public key' },
  'system.payField.appCertPem': { zh: '应用公钥证书', en: 'Application public key certificate' },
  'system.payField.alipayPublicCertPem': { zh: '支付宝公钥证书', en: 'Alipay public key certificate' },
  'system.payField.alipayRootCertPem': { zh: '支付宝根证书', en: 'Alipay root certificate' },
  'system.channelNotAvailable': {
    zh: '本系统不支持该支付渠道',
    en: 'This deployment does not run that payment channel',
  },
} as const satisfies Record<string, { zh: string; en: string }>;
