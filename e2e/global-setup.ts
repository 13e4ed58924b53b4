import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Before any worker starts its server: the compiled server is rebuilt (half a second) so it is today's
 * code; the web app and the console are built when missing (`npm run build -w @cf/web` or `-w @cf/admin`
 * after changing them).
 */
export default function globalSetup(): void {
  const root = path.resolve(import.meta.dirname, '..');
  execSync('npm run build -w @cf/server', { cwd: root, stdio: 'ignore' });
  if (!existsSync(path.join(root, 'apps/web/dist/index.html')))
    execSync('npm run build -w @cf/web', { cwd: root, stdio: 'ignore' });
  if (!existsSync(path.join(root, 'apps/admin/dist/index.html')))
    execSync('npm run build -w @cf/admin', { cwd: root, stdio: 'ignore' });
}
