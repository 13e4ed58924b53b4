/**
 * The school the console was last signed in to on this computer: the sign-in form starts with it
 * (a finance office works for one school; choosing it every morning is a chore). Only an id that is
 * still one of the schools offered is used.
 */
import { readStore, writeStore } from '@admin/lib/storage';

const NAME = 'lastSchool';

export function lastSchool(offered: readonly { tenantId: string }[]): string | undefined {
  const id = readStore<string>(NAME);
  return typeof id === 'string' && offered.some((t) => t.tenantId === id) ? id : undefined;
}

export function rememberSchool(tenantId: string): void {
  try {
    writeStore(NAME, tenantId);
  } catch {
    // Storage full or blocked: the form just starts empty next time.
  }
}
