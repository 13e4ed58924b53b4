import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { acquireDirLock } from './open-pglite';

describe('PGlite data folder lock', () => {
  it('refuses a second opener of the same folder while the first holds it, and frees it on close', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cf-lock-'));
    const first = await openDatabase({ dataDir: dir });
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/in use by process/);
    await first.close();
    expect(existsSync(path.join(dir, 'pglite.lock'))).toBe(false);
    const again = await openDatabase({ dataDir: dir });
    await again.migrate();
    await again.close();
  });

  it('takes over a lock left by a process that no longer exists', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cf-stale-'));
    const child = spawn(process.execPath, ['-e', '']);
    return new Promise<void>((resolve) => {
      child.on('exit', () => {
        // The dead child's pid as the owner, as if it had crashed holding the lock.
        writeFileSync(path.join(dir, 'pglite.lock'), String(child.pid));
        const release = acquireDirLock(dir);
        expect(existsSync(path.join(dir, 'pglite.lock'))).toBe(true);
        release();
        expect(existsSync(path.join(dir, 'pglite.lock'))).toBe(false);
        resolve();
      });
    });
  });
});
