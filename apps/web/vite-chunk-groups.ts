/**
 * Chunk groups for a cold start on a slow network. Left alone, the bundler cuts the modules the first
 * screens share into ~30 small chunks; over HTTP/1.1 a phone fetches 6 at a time, so each extra 6 cost a
 * round trip (over half a second on fast 3G). Here the modules each cold path needs are grouped by the
 * part that reaches them first, statically:
 *   boot  - everything main.tsx imports (what every screen, sign-in included, needs)
 *   login - the sign-in screen, beyond boot (what it shares with later screens comes with it: small)
 *   shell - the inner screens' frame (app/shell/app-shell.tsx), beyond boot
 *   fees  - Student fees (app/fee-screen.ts), the screen most links open, beyond those
 *   overlay - antd-mobile's popup with its mask and animation libraries, beyond those: what the "more"
 *           menu's sheet, Toast, Dialog and every popup need (the money screens too), in one chunk
 *   money - the other fee, order and pay screens (app/finance-screens.ts), beyond those, and only what no
 *           lazy part outside them reaches (a hook a notice shares, the notice list's paging is left to
 *           the bundler): the menu's sheet, a toast or a notice never fetches the money screens
 * Anything else (each screen's own lazy parts) is cut as the bundler likes.
 */
import { createRequire } from 'node:module';
import path from 'node:path';

interface ModuleInfoLike {
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
  dynamicImporters: readonly string[];
}
interface ChunkingContextLike {
  getModuleInfo(id: string): ModuleInfoLike | null;
}

const src = path.join(path.dirname(new URL(import.meta.url).pathname), 'src');
const ROOTS: ReadonlyArray<readonly [name: string, file: string]> = [
  ['boot', path.join(src, 'main.tsx')],
  ['login', path.join(src, 'features/auth/pages/login-page.tsx')],
  ['shell', path.join(src, 'app/shell/app-shell.tsx')],
  ['fees', path.join(src, 'app/fee-screen.ts')],
  ['overlay', createRequire(import.meta.url).resolve('antd-mobile/es/components/popup/index.js')],
  ['money', path.join(src, 'app/finance-screens.ts')],
];

/** The static import closure of `root` (dynamic imports stay lazy), or with `lazy` every module it may load. */
function closure(ctx: ChunkingContextLike, root: string, lazy = false): Set<string> {
  const seen = new Set<string>();
  const stack = [root];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = ctx.getModuleInfo(id);
    for (const next of info?.importedIds ?? []) stack.push(next);
    if (lazy) for (const next of info?.dynamicallyImportedIds ?? []) stack.push(next);
  }
  return seen;
}

/** Groups that keep only the modules no lazy part outside them reaches. */
const EXCLUSIVE = new Set(['money']);

/**
 * `set` without the modules that a lazily loaded module outside `set` reaches statically (`lazyRoots`: the
 * targets of dynamic imports).
 */
function exclusive(ctx: ChunkingContextLike, set: Set<string>, lazyRoots: readonly string[]): Set<string> {
  const shared = new Set<string>();
  for (const root of lazyRoots) {
    if (set.has(root)) continue;
    for (const id of closure(ctx, root)) if (set.has(id)) shared.add(id);
  }
  return new Set([...set].filter((id) => !shared.has(id)));
}

/** The group name of a module, or null to leave it to the bundler. */
export function chunkGroups() {
  let sets: Array<readonly [string, Set<string>]> | undefined;
  let lastCtx: ChunkingContextLike | undefined;
  return (id: string, ctx: ChunkingContextLike): string | null => {
    if (ctx !== lastCtx || !sets) {
      lastCtx = ctx;
      sets = ROOTS.map(([name, file]) => [name, closure(ctx, file)] as const);
      const lazyRoots = [...closure(ctx, ROOTS[0]![1], true)].filter(
        (m) => ctx.getModuleInfo(m)?.dynamicImporters.length,
      );
      sets = sets.map(([name, set]) => [name, EXCLUSIVE.has(name) ? exclusive(ctx, set, lazyRoots) : set]);
    }
    // Plain CSS stays in the one stylesheet (a CSS module's class names are script and are grouped); a
    // module something imports lazily keeps its own (small) chunk, since a dynamic import's target moved
    // into a group loses its exports (rolldown 1.2).
    if (/(?<!\.module)\.css($|\?)/.test(id) || ctx.getModuleInfo(id)?.dynamicImporters.length) return null;
    const groups = sets.filter(([, set]) => set.has(id)).map(([name]) => name);
    // What sign-in shares with later screens (a form row) rides with boot: otherwise a later screen
    // would fetch the sign-in chunk, or sign-in a later screen's.
    if (groups[0] === 'login' && groups.length > 1) return 'boot';
    return groups[0] ?? null;
  };
}
