import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema } from './config';
import { SETTING_DOCS, settingRows, tableRowsIn } from './config-docs';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe('the settings table of docs/operations.md', () => {
  it('lists every setting of the schema with its default and meaning (else: npm run docs:settings)', () => {
    expect(tableRowsIn(read('docs/operations.md'))).toEqual(settingRows());
  });

  it('has a one-line meaning for every setting and shows the schema defaults', () => {
    expect(Object.keys(SETTING_DOCS).sort()).toEqual(Object.keys(envSchema.shape).sort());
    for (const doc of Object.values(SETTING_DOCS)) expect(doc.meaning).toMatch(/^[^|\n]+$/);
    const rows = Object.fromEntries(settingRows().map((r) => [r.name, r.default]));
    expect(rows).toMatchObject({
      '`PORT`': '`8080`',
      '`DATABASE_URL`': 'unset',
      '`WECHAT_OAUTH_URL`': '`https://open.weixin.qq.com`',
      '`JOBS_ENABLED`': '`true`',
      '`JWT_SECRET`': 'demo: generated',
    });
  });

  it('is the only settings table: the README points to it', () => {
    const readme = read('README.md');
    expect(readme).toContain('docs/operations.md#settings');
    expect(readme).not.toMatch(/^\| `PORT`/m);
  });
});
