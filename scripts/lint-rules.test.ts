/**
 * `npm run lint` really fails on each broken structure rule (docs/decisions.md, "Module order"):
 * dependency-cruiser (.dependency-cruiser.cjs) on a small fixture tree laid out like the repo,
 * ESLint (eslint.config.js) on in-memory files, and knip on a tiny workspace.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { cruise, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const depcruiseConfig = require(join(root, '.dependency-cruiser.cjs'));
const run = promisify(execFile);

function writeTree(base: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(base, path)), { recursive: true });
    writeFileSync(join(base, path), text);
  }
}

async function cruiseIn(base: string, paths: string[], maxDepth = 0): Promise<ICruiseResult> {
  const tsConfigFile = join(base, 'tsconfig.depcruise.json');
  const tsConfig = extractTSConfig(tsConfigFile);
  const { output } = await cruise(
    paths,
    {
      ...depcruiseConfig.options,
      baseDir: base,
      tsConfig: { fileName: tsConfigFile },
      validate: true,
      maxDepth,
      ruleSet: { forbidden: depcruiseConfig.forbidden },
    },
    undefined,
    { tsConfig },
  );
  return output as ICruiseResult;
}

describe('dependency-cruiser rules', () => {
  let base: string;
  let violations: IViolation[];
  const S = 'apps/server/src';
  const W = 'apps/web/src';
  const target = 'export const x = 1;\n';
  const probe = (spec: string) => `import { x } from '${spec}';\nexport const y = x;\n`;

  beforeAll(async () => {
    base = mkdtempSync(join(tmpdir(), 'lint-rules-'));
    cpSync(join(root, 'tsconfig.base.json'), join(base, 'tsconfig.base.json'));
    cpSync(join(root, 'tsconfig.depcruise.json'), join(base, 'tsconfig.depcruise.json'));
    writeTree(base, {
      [`${S}/config.ts`]: target,
      [`${S}/app.ts`]: target,
      [`${S}/modules/auth/target.ts`]: target,
      [`${S}/modules/order/target.ts`]: target,
      [`${S}/modules/pay/target.ts`]: target,
      [`${S}/modules/order/pay-status.ts`]: probe('@server/modules/pay/target'),
      // A module importing a module above it, by relative path and by alias.
      [`${S}/modules/order/relative-probe.ts`]: probe('../pay/target'),
      [`${S}/modules/auth/alias-probe.ts`]: probe('@server/modules/pay/target'),
      // A module allowed below it: no violation.
      [`${S}/modules/order/fine-probe.ts`]: probe('@server/modules/auth/target'),
      // http/, db/, gateways/ importing modules/; a module importing the app level.
      [`${S}/http/probe.ts`]: probe('@server/modules/auth/target'),
      [`${S}/db/probe.ts`]: probe('../modules/auth/target'),
      [`${S}/gateways/probe.ts`]: probe('@server/modules/auth/target'),
      [`${S}/modules/user/app-probe.ts`]: probe('@server/app'),
      // A folder missing from MODULE_ORDER.
      [`${S}/modules/stray/probe.ts`]: probe('@server/config'),
      // A cycle, through a type-only import.
      [`${S}/modules/system/cycle-a.ts`]: `import type { B } from './cycle-b';\nexport type A = { b?: B };\n`,
      [`${S}/modules/system/cycle-b.ts`]: `import type { A } from './cycle-a';\nexport type B = { a?: A };\n`,
      // Web: feature → feature, lib → features, components → app.
      [`${W}/features/fees/probe.ts`]: probe('@/features/orders/target'),
      [`${W}/features/orders/target.ts`]: target,
      [`${W}/features/orders/fine-probe.ts`]: probe('./target'),
      [`${W}/lib/probe.ts`]: probe('../features/orders/target'),
      [`${W}/components/probe.ts`]: probe('@/app/target'),
      [`${W}/app/target.ts`]: target,
    });
    violations = (await cruiseIn(base, ['apps'])).summary.violations;
  }, 60_000);
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  const fired = (from: string) => violations.filter((v) => v.from === from).map((v) => v.rule.name);

  it('fails a module importing a module above it in the declared order', () => {
    expect(fired(`${S}/modules/order/relative-probe.ts`)).toEqual(['server-module-order']);
    expect(fired(`${S}/modules/auth/alias-probe.ts`)).toEqual(['server-module-order']);
    expect(fired(`${S}/modules/order/fine-probe.ts`)).toEqual([]);
  });

  it('has no exceptions: not even the orders state machine may reach up into pay', () => {
    expect(fired(`${S}/modules/order/pay-status.ts`)).toEqual(['server-module-order']);
  });

  it('fails http/, db/ and gateways/ importing modules/, and a module importing the app level', () => {
    expect(fired(`${S}/http/probe.ts`)).toEqual(['server-http-upward']);
    expect(fired(`${S}/db/probe.ts`)).toEqual(['server-db-upward']);
    expect(fired(`${S}/gateways/probe.ts`)).toEqual(['server-gateways-upward']);
    expect(fired(`${S}/modules/user/app-probe.ts`)).toEqual(['server-module-to-app-level']);
    expect(fired(`${S}/modules/stray/probe.ts`)).toEqual(['server-module-unordered']);
  });

  it('fails an import cycle, even of types only', () => {
    expect(fired(`${S}/modules/system/cycle-a.ts`)).toEqual(['no-circular']);
  });

  it('fails a web feature importing another feature, and lib/components importing upward', () => {
    expect(fired(`${W}/features/fees/probe.ts`)).toEqual(['web-feature-to-feature']);
    expect(fired(`${W}/features/orders/fine-probe.ts`)).toEqual([]);
    expect(fired(`${W}/lib/probe.ts`)).toEqual(['web-lib-upward']);
    expect(fired(`${W}/components/probe.ts`)).toEqual(['web-shared-upward']);
  });

  it('resolves the real path aliases (nothing under @server/, @server-test/ or @/ left unresolved)', async () => {
    const real = await cruiseIn(root, ['apps/server/test', 'apps/web/src/app'], 1);
    const aliased = real.modules.flatMap((m) =>
      m.dependencies.filter((d) => /^@(server|server-test)?\//.test(d.module)),
    );
    expect(aliased.length).toBeGreaterThan(20);
    expect(aliased.filter((d) => d.couldNotResolve).map((d) => d.module)).toEqual([]);
  }, 60_000);
});

describe('ESLint rules', () => {
  const eslint = new ESLint({ cwd: root });
  const ruleIds = async (code: string, filePath: string) =>
    (await eslint.lintText(code, { filePath: join(root, filePath) }))[0]!.messages.map((m) => m.ruleId);

  it('fails a climbing import', async () => {
    expect(
      await ruleIds(
        `import { x } from '../../db/client';\nexport const y = x;\n`,
        'apps/server/src/modules/fee/p.ts',
      ),
    ).toEqual(['no-restricted-imports']);
    expect(
      await ruleIds(
        `import { x } from '@server/db/client';\nexport const y = x;\n`,
        'apps/server/src/modules/fee/p.ts',
      ),
    ).toEqual([]);
  });

  it('fails reading process.env outside config.ts', async () => {
    const code = `export const max = process.env.DB_POOL_MAX;\n`;
    expect(await ruleIds(code, 'apps/server/src/db/p.ts')).toEqual(['no-restricted-properties']);
    expect(await ruleIds(code, 'apps/server/src/config.ts')).toEqual([]);
  });
});

describe('knip', () => {
  it('is part of npm run lint, with the dependency rules', () => {
    const lint = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.lint as string;
    expect(lint).toContain('knip');
    expect(lint).toContain('npm run lint:deps');
  });

  it('fails an unused export', async () => {
    const knipConfig = JSON.parse(readFileSync(join(root, 'knip.json'), 'utf8'));
    const base = mkdtempSync(join(tmpdir(), 'lint-knip-'));
    try {
      writeTree(base, {
        'package.json': JSON.stringify({ name: 'probe', private: true, type: 'module', main: 'index.ts' }),
        // The repo's settings without its workspaces.
        'knip.json': JSON.stringify({ ...knipConfig, workspaces: undefined }),
        'index.ts': `import { used } from './lib';\nconsole.log(used);\n`,
        'lib.ts': `export const used = 1;\nexport const unused = 2;\n`,
      });
      const knip = join(root, 'node_modules/knip/bin/knip.js');
      const failure = await run(process.execPath, [
        knip,
        '--directory',
        base,
        '--reporter',
        'json',
        '--no-progress',
      ]).then(
        () => null,
        (e: { code: number; stdout: string }) => e,
      );
      expect(failure?.code).toBe(1);
      const report = JSON.parse(failure!.stdout) as {
        issues: { file: string; exports: { name: string }[] }[];
      };
      expect(report.issues.flatMap((i) => i.exports.map((e) => `${i.file}:${e.name}`))).toEqual([
        'lib.ts:unused',
      ]);
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  }, 60_000);
});
