/**
 * Chunk groups for a cold start on a slow network. Left alone, the bundler cuts the modules the first
 * screens share into ~30 small chunks; over HTTP/1.1 a phone fetches 6 at a time, so each extra 6 cost a
 * round trip (over half a second on fast 3G). Here the modules each cold path needs are grouped by the
 * part that reaches them first, statically:
 *   boot  - everything main.tsx imports (what every screen, sign-in included, needs)
 *   login - the sign-in screen, beyond boot (what it shares with later screens comes with it: small)
 *   shell - the inner screens' frame (app/shell/app-shell.tsx), beyond boot
 *   fees  - Student fees (app/fee-screen.ts), the screen most links open, beyond those
 *   money - the other fee, order and pay screens (app/finance-screens.ts), beyond those
 * Anything else (each screen's own lazy parts) is cut as the bundler likes.
 */
import path from 'node:path';

interface ModuleInfoLike {
  importedIds: readonly string[];
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
  ['money', path.join(src, 'app/finance-screens.ts')],
];

/** The static import closure of `root` (dynamic imports stay lazy). */
function closure(ctx: ChunkingContextLike, root: string): Set<string> {
  const seen = new Set<string>();
  const stack = [root];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) stack.push(next);
  }
  return seen;
}

/** The group name of a module, or null to leave it to the bundler. */
export function chunkGroups() {
  let sets: Array<readonly [string, Set<string>]> | undefined;
  let lastCtx: ChunkingContextLike | undefined;
  return (id: string, ctx: ChunkingContextLike): string | null => {
    if (ctx !== lastCtx || !sets) {
      lastCtx = ctx;
      sets = ROOTS.map(([name, file]) => [name, closure(ctx, file)] as const);
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
