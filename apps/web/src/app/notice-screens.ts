/**
 * The notice screens, each its own lazy chunk (the detail carries DOMPurify, the list does not),
 * loaded together with the notices texts of the chosen language.
 */
import type { ComponentType } from 'react';
import { loadNoticesTexts } from '../lib/i18n/notices-texts';

const PAGES = {
  noticeList: () => import('../features/notices/pages/notice-list-page'),
  noticeDetail: () => import('../features/notices/pages/notice-detail-page'),
};

export type NoticeScreenName = keyof typeof PAGES;

export async function loadNoticeScreen(name: NoticeScreenName): Promise<{ default: ComponentType }> {
  const [page] = await Promise.all([PAGES[name](), loadNoticesTexts()]);
  return page;
}
