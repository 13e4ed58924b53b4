/** The salary screens (issue 13) by route name, in one lazy chunk with the salary texts. */
import type { ComponentType } from 'react';
import OtherIncomePage from '../features/salary/pages/other-income-page';
import SalaryIndexPage from '../features/salary/pages/salary-index-page';
import SlipDetailPage from '../features/salary/pages/slip-detail-page';
import { loadSalaryTexts } from '../lib/i18n/salary-texts';

const SALARY_SCREENS = {
  salary: SalaryIndexPage,
  salaryDetail: SlipDetailPage,
  salaryOtherIncome: OtherIncomePage,
} satisfies Record<string, ComponentType>;

export type SalaryScreenName = keyof typeof SALARY_SCREENS;

/** A salary screen, once the salary texts of the chosen language are loaded. */
export async function loadSalaryScreen(name: SalaryScreenName): Promise<{ default: ComponentType }> {
  await loadSalaryTexts();
  return { default: SALARY_SCREENS[name] };
}
