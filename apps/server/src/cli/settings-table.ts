/** `npm run docs:settings`: writes the settings table of docs/operations.md from config.ts's schema. */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { withSettingsTable } from '../config-docs';

const guide = path.resolve(import.meta.dirname, '../../../../docs/operations.md');
const updated = withSettingsTable(readFileSync(guide, 'utf8'));
const options = await resolveConfig(guide);
writeFileSync(guide, await format(updated, { ...options, filepath: guide }));
process.stdout.write(`Settings table written to ${path.relative(process.cwd(), guide)}\n`);
