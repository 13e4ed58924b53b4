/**
 * Student fees, the screen most links open, in its own lazy chunk (beside finance-screens.ts, which
 * holds the other money screens): a cold start there then fetches only what this screen needs
 * (vite-chunk-groups.ts groups its modules; vite-plugin-paint-first.ts preloads them).
 */
import StudentFeePage from '../features/fees/pages/student-fee-page';
import { loadFinanceTexts } from '../lib/i18n/finance-texts';
import type { ComponentType } from 'react';

/** The screen, once the finance texts of the chosen language are loaded. */
export async function loadFeeScreen(): Promise<{ default: ComponentType }> {
  await loadFinanceTexts();
  return { default: StudentFeePage };
}
