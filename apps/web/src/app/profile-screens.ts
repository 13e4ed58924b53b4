/**
 * The Mine screens (/user/index, edit, bank, phone, email, notify) by route name, in one lazy chunk with the
 * profile texts (as finance-screens.ts does for the money screens). The region data of the bank form
 * is not in it: it loads when the region picker opens.
 */
import BankPage from '../features/profile/pages/bank-page';
import EmailPage from '../features/profile/pages/email-page';
import NotifyPage from '../features/profile/pages/notify-page';
import PhonePage from '../features/profile/pages/phone-page';
import ProfileEditPage from '../features/profile/pages/profile-edit-page';
import ProfilePage from '../features/profile/pages/profile-page';
import { loadProfileTexts } from '../lib/i18n/profile-texts';
import type { ComponentType } from 'react';

export const PROFILE_SCREENS = {
  user: ProfilePage,
  userEdit: ProfileEditPage,
  bank: BankPage,
  phone: PhonePage,
  email: EmailPage,
  notify: NotifyPage,
} satisfies Record<string, ComponentType>;

export type ProfileScreenName = keyof typeof PROFILE_SCREENS;

/** A Mine screen, once the profile texts of the chosen language are loaded. */
export async function loadProfileScreen(name: ProfileScreenName): Promise<{ default: ComponentType }> {
  await loadProfileTexts();
  return { default: PROFILE_SCREENS[name] };
}
