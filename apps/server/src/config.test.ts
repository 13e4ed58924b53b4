import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const productionEnv = {
  APP_MODE: 'production',
  JWT_SECRET: 'a-very-long-production-jwt-secret-0123456789',
  WIRE_AES_KEY: 'ProdWireKey_0123456789abcdefghij',
  CLIENT_ID: 'campus',
  CLIENT_SECRET: 'a-real-client-secret',
  PUBLIC_URL: 'https://pay.example.edu',
  SMS_HTTP_URL: 'https://sms.example.edu/send',
  MAIL_HTTP_URL: 'https://mail.example.edu/send',
};

describe('settings', () => {
  it('defaults to demo mode on port 8080 with the BladeX browser client and generated secrets kept in the data folder', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cf-config-'));
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      mode: 'demo',
      port: 8080,
      clientId: 'saber',
      clientSecret: 'saber_secret',
    });
    expect(config.wireAesKey).toHaveLength(32);
    const stored = JSON.parse(readFileSync(path.join(dir, 'secrets.json'), 'utf8'));
    expect(stored.jwtSecret).toBe(config.jwtSecret);
    // The second start reuses them: tokens and encrypted passwords stay valid across restarts.
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(config.jwtSecret);
  });

  it('refuses a PostgreSQL server without APP_MODE, saying why, instead of serving the demo', () => {
    const env = { DATABASE_URL: 'postgres://campus@db.example.edu/campus' };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(/APP_MODE is not set but DATABASE_URL is: set APP_MODE=production/);
    // Either mode, said out loud, is accepted.
    expect(loadConfig({ ...productionEnv, ...env }).mode).toBe('production');
    const dir = mkdtempSync(path.join(tmpdir(), 'cf-config-'));
    expect(loadConfig({ ...env, APP_MODE: 'demo', DATA_DIR: dir }).mode).toBe('demo');
    // An empty DATABASE_URL is PGlite: still the demo of a fresh clone.
    expect(loadConfig({ DATABASE_URL: '', DATA_DIR: dir }).mode).toBe('demo');
  });

  it('accepts a complete production configuration', () => {
    expect(loadConfig(productionEnv).mode).toBe('production');
  });

  it.each([
    ['JWT_SECRET', undefined, /JWT_SECRET is missing/],
    [
      'JWT_SECRET',
      'bladexisapowerfulmicroservicearchitectureupgradedandoptimizedfromacommercialproject',
      /JWT_SECRET is a published default/,
    ],
    ['CLIENT_SECRET', 'saber_secret', /CLIENT_SECRET is a published default/],
    ['WIRE_AES_KEY', undefined, /WIRE_AES_KEY is missing/],
    ['SMS_HTTP_URL', undefined, /SMS_HTTP_URL is missing/],
    // WeChat Pay sends notifies to https addresses only.
    ['PUBLIC_URL', 'http://pay.example.edu', /PUBLIC_URL must be https/],
    ['PUBLIC_URL', 'pay.example.edu', /PUBLIC_URL must be https/],
  ])('production refuses %s = %s', (name, value, message) => {
    const env: Record<string, string | undefined> = { ...productionEnv, [name]: value };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('takes a metrics token of 16 characters or more, and none at all', () => {
    expect(() => loadConfig({ ...productionEnv, METRICS_TOKEN: 'too-short' })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ ...productionEnv, METRICS_TOKEN: 'a-scrape-token-0123' }).metricsToken).toBe(
      'a-scrape-token-0123',
    );
    expect(loadConfig(productionEnv).metricsToken).toBeUndefined();
  });

  it('rejects a wire key that is not 32 characters and a bad port', () => {
    expect(() => loadConfig({ ...productionEnv, WIRE_AES_KEY: 'short' })).toThrow(/32 characters/);
    expect(() =>
      loadConfig({ PORT: 'eighty', JWT_SECRET: 'x', WIRE_AES_KEY: productionEnv.WIRE_AES_KEY }),
    ).toThrow(/PORT/);
  });
});
