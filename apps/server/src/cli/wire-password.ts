/**
 * Prints a password encrypted as a BladeX browser client sends it (AES of MD5 with this
 * installation's wire key), so the token endpoint can be tried with curl.
 * Usage: npm run -s wire-password -w @cf/server -- 'Demo@2024'
 */
import { encryptPassword } from '@cf/shared/wire-crypto';
import { loadConfig } from '../config';

const typed = process.argv[2];
if (!typed) {
  process.stderr.write('usage: wire-password <password>\n');
  process.exit(2);
}
process.stdout.write(`${encryptPassword(typed, loadConfig().wireAesKey)}\n`);
