/**
 * A merchant with fresh keys, a simulator that knows it and an adapter pointed at the simulator — for
 * this folder's tests and for the payment service's tests. Not used by the running server.
 */
import { generateKeyPairSync } from 'node:crypto';
import type { WechatPayConfig } from '@server/gateways/wechat-pay/config';
import { createWechatPaySimulator, type SimulatorOptions } from '@server/gateways/wechat-pay/simulator';
import { wechatPayV3 } from '@server/gateways/wechat-pay/wechat-pay-v3';

export const TEST_MCH_ID = '1900000109';
export const TEST_APP_ID = 'wxd678efh567hg6787';
export const TEST_MERCHANT_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
export const TEST_API_V3_KEY = 'TestApiV3Key_0123456789abcdefghi';

export function pemPair() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

export interface FixtureOptions {
  /** A shared clock for both sides; tests move it. */
  now?: () => number;
  simulator?: Partial<Omit<SimulatorOptions, 'merchant'>>;
}

export function createWechatPayFixture(options: FixtureOptions = {}) {
  const now = options.now ?? Date.now;
  const merchantKeys = pemPair();
  const simulator = createWechatPaySimulator({
    merchant: {
      mchId: TEST_MCH_ID,
      appId: TEST_APP_ID,
      serialNo: TEST_MERCHANT_SERIAL,
      publicKeyPem: merchantKeys.publicKeyPem,
      apiV3Key: TEST_API_V3_KEY,
    },
    now,
    ...options.simulator,
  });
  const config: WechatPayConfig = {
    mchId: TEST_MCH_ID,
    appId: TEST_APP_ID,
    serialNo: TEST_MERCHANT_SERIAL,
    privateKeyPem: merchantKeys.privateKeyPem,
    apiV3Key: TEST_API_V3_KEY,
    platformPublicKeys: simulator.platformPublicKeys,
    baseUrl: 'https://api.mch.weixin.qq.com',
  };
  const channel = wechatPayV3(config, simulator.fetch, { now });
  return { merchantKeys, simulator, config, channel };
}
