/** `npm run files:migrate [-- --delete]`: the files of DATA_DIR into the bucket (gateways/file-store/migrate.ts). */
import { ConfigError, loadConfig } from '@server/config';
import { runFilesMigrate } from '@server/gateways/file-store/migrate';

try {
  process.exitCode = await runFilesMigrate(loadConfig(), process.argv.slice(2), (line) =>
    process.stdout.write(`${line}\n`),
  );
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  process.stderr.write(`${err.message}\n`);
  process.exitCode = 2;
}
