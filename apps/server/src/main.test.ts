import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const serverDir = path.resolve(import.meta.dirname, '..');

describe('the server process', () => {
  it('starts in demo mode on an empty folder, seeds, serves /health, and closes the database on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cf-main-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start within 60 s:\n${out}`)), 60_000);
      child.stdout.on('data', () => {
        const match = /at (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      child.on('exit', (code) => reject(new Error(`exited ${code}:\n${out}`)));
    });
    expect(out).toContain('student1');
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(true);
    const health = await fetch(`${url}/health`);
    expect(health.status).toBe(200);

    const exitCode = await new Promise<number | null>((resolve) => {
      child.on('exit', (code) => resolve(code));
      child.kill('SIGTERM');
    });
    expect(exitCode).toBe(0);
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
  }, 90_000);

  it('refuses to start with DATABASE_URL and no APP_MODE, saying why, before touching the database', async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: 'postgres://campus@127.0.0.1:1/campus',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cf-main-')),
    };
    delete env.APP_MODE;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const exitCode = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(exitCode).toBe(1);
    expect(out).toContain('APP_MODE is not set but DATABASE_URL is');
  }, 60_000);
});
