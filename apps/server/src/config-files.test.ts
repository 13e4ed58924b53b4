/** FILE_STORE and the S3_* settings (config.ts): the folder by default, a bucket only when complete. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { createFileStore } from './gateways/file-store';

const base = {
  JWT_SECRET: 'files-settings-test-secret-long-enough-0123',
  WIRE_AES_KEY: 'TestWireKey_0123456789abcdefghij',
  DATA_DIR: '/tmp/cf-files-settings',
};

describe('file store settings', () => {
  it('keeps files in the data folder unless told otherwise', () => {
    const config = loadConfig(base);
    expect(config.files).toEqual({ store: 'local' });
    const store = createFileStore(config);
    expect(store.kind).toBe('local');
    store.close();
  });

  it('takes a complete bucket: endpoint without its last slash, path style, keys', () => {
    const config = loadConfig({
      ...base,
      FILE_STORE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_BUCKET: 'campus-files',
      S3_ACCESS_KEY_ID: 'campus',
      S3_SECRET_ACCESS_KEY: 'campus-secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config.files).toEqual({
      store: 's3',
      s3: {
        endpoint: 'http://127.0.0.1:9000',
        bucket: 'campus-files',
        region: 'us-east-1',
        accessKeyId: 'campus',
        secretAccessKey: 'campus-secret',
        forcePathStyle: true,
      },
    });
    const store = createFileStore(config);
    expect(store.kind).toBe('s3');
    store.close();
    // AWS itself: no endpoint, the region's; no keys: the SDK's own chain (an instance role).
    const aws = loadConfig({ ...base, FILE_STORE: 's3', S3_BUCKET: 'b', S3_REGION: 'ap-east-1' });
    expect(aws.files).toMatchObject({
      s3: { endpoint: undefined, region: 'ap-east-1', forcePathStyle: false },
    });
  });

  it('refuses an incomplete bucket, saying what is missing, and never echoes the secret', () => {
    const refused = (env: Record<string, string>) => {
      try {
        loadConfig({ ...base, FILE_STORE: 's3', ...env });
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refused({})).toBe('FILE_STORE=s3: S3_BUCKET is missing');
    const lonely = refused({ S3_BUCKET: 'b', S3_SECRET_ACCESS_KEY: 'do-not-print-me' });
    expect(lonely).toBe('FILE_STORE=s3: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
    expect(refused({ S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' })).toBe(
      'FILE_STORE=s3: S3_ENDPOINT must be an http(s) URL',
    );
    expect(() => loadConfig({ ...base, FILE_STORE: 'ftp' })).toThrow(/FILE_STORE/);
  });
});
