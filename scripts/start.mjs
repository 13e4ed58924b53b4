// npm start: builds the web app when it has not been built yet, then starts the server (demo mode by default).
import { spawnSync } from 'node:child_process';
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
run(['run', 'start', '-w', '@cf/server']);
