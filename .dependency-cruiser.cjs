/**
 * One-way dependencies, checked by `npm run lint` (docs/decisions.md, "Module order").
 *
 * Server (apps/server/src), bottom to top; a layer may import itself and the layers below it:
 *   config → db → gateways → http → modules (in MODULE_ORDER) → app level
 * App level is what starts or wires the server: app.ts, main.ts, jobs/, cli/, db/migrate-cli.ts,
 * the access matrix, and every test (tests build the whole app). The demo seed (db/seed/) uses
 * modules/auth and is used by modules/dev only.
 * Web (apps/web/src): lib → api, components → features → app; a feature never imports another.
 * Console (apps/admin/src): the same, without api/: lib → components → features → app.
 * Everywhere: no import cycles (type-only imports count).
 */
const SERVER = '^apps/server/src/';
const TEST = '(\\.test\\.tsx?$|^apps/server/test/|^apps/web/src/test/|^apps/admin/src/test/)';

/** Server modules, lowest first: a module may import only the modules before it. */
const MODULE_ORDER = [
  'client',
  'auth',
  // Messages to one person: the state machines of the modules above record them (modules/notify/record.ts).
  'notify',
  'system',
  'sms',
  'user',
  'fee',
  'order',
  'pay',
  'notice',
  'salary',
  'signature',
  'rating',
  'invoice',
  'imports',
  // The finance office's fee reminders (催缴): receivables chased through the notify outbox.
  'reminder',
  'admin',
  'dev',
];

/** Below the modules, lowest first. */
const BASE_LAYERS = [
  { name: 'config', path: `${SERVER}config(-docs)?\\.ts$` },
  { name: 'db', path: `${SERVER}db/(?!seed/|migrate-cli\\.ts$)` },
  { name: 'gateways', path: `${SERVER}gateways/` },
  { name: 'http', path: `${SERVER}http/` },
];
const MODULES = `${SERVER}modules/`;
/** The demo data: it hashes its passwords (auth) and the WeChat stand-ins (dev) show its people. */
const SEED = `${SERVER}db/seed/`;
const APP_LEVEL = `${SERVER}(app|main|access-matrix-[^/]+)\\.ts$|${SERVER}(jobs|cli)/|${SERVER}db/migrate-cli\\.ts$`;

/**
 * Known breaks of the order, each to be removed by the change named beside it. Keep this list short;
 * a new entry needs a reason in docs/decisions.md.
 */
const EXCEPTIONS = [];
const forbidden = [];

function forbid(name, comment, from, to) {
  forbidden.push({ name, comment, severity: 'error', from, to });
}

/**
 * A module-order rule minus the documented EXCEPTIONS: an excepted file is checked by a copy of the
 * rule that lets it import its excepted target only.
 */
function forbidModuleOrder(name, comment, fromPath, toPath) {
  const excepted = EXCEPTIONS.filter((e) => e.from.startsWith(fromPath));
  forbid(
    name,
    comment,
    { path: fromPath, pathNot: [TEST, ...excepted.map((e) => e.from)] },
    { path: toPath },
  );
  for (const e of excepted) forbid(name, comment, { path: e.from }, { path: toPath, pathNot: e.to });
}

// Server: each base layer must not import anything above it.
BASE_LAYERS.forEach((layer, i) => {
  const higher = BASE_LAYERS.slice(i + 1);
  forbid(
    `server-${layer.name}-upward`,
    `${layer.name} is below ${[...higher.map((l) => l.name), 'modules', 'the app level'].join(', ')}`,
    { path: layer.path, pathNot: TEST },
    { path: [...higher.map((l) => l.path), MODULES, SEED, APP_LEVEL] },
  );
});

// Server modules: only downward in MODULE_ORDER, never to the app level.
MODULE_ORDER.forEach((mod, i) => {
  const higher = MODULE_ORDER.slice(i + 1);
  const fromPath = `${MODULES}${mod}/`;
  if (higher.length > 0)
    forbidModuleOrder(
      'server-module-order',
      `module order is ${MODULE_ORDER.join(' → ')}: ${mod} must not import ${higher.join(', ')}`,
      fromPath,
      `${MODULES}(${higher.join('|')})/`,
    );
});
forbid(
  'server-module-to-app-level',
  'modules must not import the app level (app.ts, jobs/, cli/, db/seed/ …)',
  { path: MODULES, pathNot: TEST },
  { path: APP_LEVEL },
);
forbid(
  'server-seed-upward',
  'the demo seed (db/seed/) sits between modules/auth and modules/dev: it may use auth only',
  { path: SEED, pathNot: TEST },
  { path: [`${MODULES}(?!auth/)`, APP_LEVEL] },
);
forbid(
  'server-module-to-seed',
  'only the demo stand-ins (modules/dev) may read the demo seed (db/seed/)',
  { path: `${MODULES}(?!dev/)`, pathNot: TEST },
  { path: SEED },
);
forbid(
  'server-module-unordered',
  'every folder in apps/server/src/modules must be listed in MODULE_ORDER (.dependency-cruiser.cjs)',
  { path: MODULES, pathNot: `${MODULES}(${MODULE_ORDER.join('|')})/` },
  {},
);
forbid(
  'server-src-to-test-support',
  'production code must not import test helpers (apps/server/test, *.test.ts)',
  { path: SERVER, pathNot: TEST },
  { path: TEST },
);

// Web.
const WEB = '^apps/web/src/';
forbid(
  'web-feature-to-feature',
  'a web feature must not import another feature: move the shared part to lib/ or components/',
  { path: `${WEB}features/([^/]+)/` },
  { path: `${WEB}features/`, pathNot: `${WEB}features/$1/` },
);
forbid(
  'web-lib-upward',
  'web lib/ is the bottom layer: it must not import api/, components/, features/ or app/',
  { path: `${WEB}lib/` },
  { path: `${WEB}(api|components|features|app)/` },
);
forbid(
  'web-shared-upward',
  'web api/ and components/ must not import features/ or app/',
  { path: `${WEB}(api|components)/` },
  { path: `${WEB}(features|app)/` },
);
forbid(
  'web-feature-to-app',
  'web features must not import app/',
  { path: `${WEB}features/` },
  { path: `${WEB}app/` },
);

// Console: the web app's layers, and neither app imports the other (the phone bundle must not grow).
const ADMIN = '^apps/admin/src/';
forbid(
  'admin-feature-to-feature',
  'a console feature must not import another feature: move the shared part to lib/ or components/',
  { path: `${ADMIN}features/([^/]+)/` },
  { path: `${ADMIN}features/`, pathNot: `${ADMIN}features/$1/` },
);
forbid(
  'admin-lib-upward',
  'console lib/ is the bottom layer: it must not import components/, features/ or app/',
  { path: `${ADMIN}lib/` },
  { path: `${ADMIN}(components|features|app)/` },
);
forbid(
  'admin-components-upward',
  'console components/ must not import features/ or app/',
  { path: `${ADMIN}components/` },
  { path: `${ADMIN}(features|app)/` },
);
forbid(
  'admin-feature-to-app',
  'console features must not import app/',
  { path: `${ADMIN}features/` },
  { path: `${ADMIN}app/` },
);
forbid(
  'apps-apart',
  'the phone app, the console and the server never import one another (share through packages/shared)',
  { path: '^apps/(web|admin|server)/' },
  { path: '^apps/', pathNot: '^apps/$1/' },
);

forbid(
  'shared-standalone',
  'packages/shared is used by both apps: it must not import them',
  { path: '^packages/shared/' },
  { path: '^apps/' },
);
forbid('no-circular', 'an import cycle (type-only imports count)', {}, { circular: true });

module.exports = {
  forbidden,
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/|^apps/server/src/db/migrations/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
