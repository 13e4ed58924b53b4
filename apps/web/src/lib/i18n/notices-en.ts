/** English texts of the notice screens (keys: notices-zh.ts). */
import type { NoticesTextKey } from './notices-zh';

export const noticesEn: Record<NoticesTextKey, string> = {
  'notices.latest': 'Notices',
  'notices.all': 'All notices',
  'notices.noBody': 'This notice has no body text',
  'notices.notFound': 'This notice cannot be found; the link may be incomplete',
  'notices.unreadBadge': '{count} unread',
  'notices.unread': 'Unread',
  'notices.allCategories': 'All',
  'notices.filter': 'Filter by category',
  'notices.empty': 'No notices yet',
  'notices.loadFailed': 'The notices could not be loaded; try again later',
  'notices.loadingMore': 'Loading',
  'notices.scrollForMore': 'Scroll for more',
  'notices.noMore': 'No more notices',
  'notices.retry': 'Try again',
  'notices.releasedAt': 'Released',
  'notices.department': 'From',
  'notices.attachments': 'Attachments',
  'notices.attachmentCount': 'Attachments: {count}',
  'notices.download': 'Download {name} ({size})',
  'notices.open': 'Open {name} ({size})',
  'notices.openInBrowser':
    'WeChat cannot download files (PDFs and pictures open here): tap ··· at the top right and open this page in your browser',
};
