import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('payment settings', () => {
  it('defaults: orders expire after 30 minutes, pay links last 30 minutes, jobs run', () => {
    const config = loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cf-pay-')) });
    expect(config.pay).toMatchObject({ orderExpireMinutes: 30, payLinkTtl: 1800 });
    expect(config.jobs).toEqual({
      enabled: true,
      expireInterval: 30,
      reconcileInterval: 60,
      reconcileAfter: 180,
      invoiceInterval: 5,
      notifyInterval: 5,
      reminderRate: 20,
    });
    expect(loadConfig({ DATA_DIR: config.dataDir, JOBS_ENABLED: 'false' }).jobs.enabled).toBe(false);
  });

  it('generates the sandbox key once in demo mode, also for a data folder from before it existed', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cf-pay-'));
    writeFileSync(
      path.join(dir, 'secrets.json'),
      JSON.stringify({
        jwtSecret: 'an-older-jwt-secret-0123456789abcdef',
        wireAesKey: 'OlderWireKey_0123456789abcdefghi',
      }),
    );
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.jwtSecret).toBe('an-older-jwt-secret-0123456789abcdef');
    expect(first.pay.sandboxKey.length).toBeGreaterThanOrEqual(32);
    expect(JSON.parse(readFileSync(path.join(dir, 'secrets.json'), 'utf8')).sandboxPayKey).toBe(
      first.pay.sandboxKey,
    );
    expect(loadConfig({ DATA_DIR: dir }).pay.sandboxKey).toBe(first.pay.sandboxKey);
  });

  it('derives the same sandbox key in every process that shares the given secrets', () => {
    const env = {
      JWT_SECRET: 'shared-jwt-secret-0123456789abcdef0123',
      WIRE_AES_KEY: 'SharedWireKey_0123456789abcdefgh',
    };
    expect(loadConfig(env).pay.sandboxKey).toBe(loadConfig(env).pay.sandboxKey);
    expect(loadConfig({ ...env, SANDBOX_PAY_KEY: 'explicit' }).pay.sandboxKey).toBe('explicit');
  });
});
