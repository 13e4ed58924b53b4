// npm start: builds what has not been built yet (the web app, the console, the server), then runs the compiled
// server (demo mode by default). `npm run build` rebuilds them all after changes; `npm run dev` runs the TypeScript
// source through tsx instead.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = (args) => {
  const result = spawnSync(npm, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) run(['run', 'build', '-w', '@cf/web']);
// The finance office's console, served at /admin/.
if (!existsSync(path.join(root, 'apps/admin/dist/index.html'))) run(['run', 'build', '-w', '@cf/admin']);
if (!existsSync(path.join(root, 'apps/server/dist/main.js'))) run(['run', 'build', '-w', '@cf/server']);
// The server itself, without a second npm in between; signals reach it, and its exit code is ours.
const server = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
  cwd: path.join(root, 'apps/server'),
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
