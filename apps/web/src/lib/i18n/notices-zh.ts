/**
 * Chinese texts of the notice screens and of home's notice block: the source dictionary of the
 * "notices" section, loaded with them (notices-texts.ts). notices-en.ts must have every key.
 */
export const noticesZh = {
  'notices.latest': '通知公告',
  'notices.all': '全部通知',
  'notices.noBody': '本通知没有正文',
  'notices.notFound': '找不到这条通知，链接可能不完整',
  'notices.unreadBadge': '{count} 条未读',
  'notices.unread': '未读',
  'notices.allCategories': '全部',
  'notices.filter': '按分类筛选',
  'notices.empty': '暂无通知',
  'notices.loadFailed': '通知加载失败，请稍后重试',
  'notices.loadingMore': '加载中',
  'notices.scrollForMore': '上滑加载更多',
  'notices.noMore': '没有更多通知了',
  'notices.retry': '重试',
  'notices.releasedAt': '发布时间',
  'notices.department': '发布部门',
  'notices.attachments': '附件',
  'notices.attachmentCount': '{count} 个附件',
  'notices.download': '下载 {name}（{size}）',
  'notices.open': '打开 {name}（{size}）',
  'notices.openInBrowser': '微信中无法下载附件（PDF 和图片可直接打开）：请点击右上角 ··· 在浏览器中打开',
} satisfies Record<string, string>;

export type NoticesTextKey = keyof typeof noticesZh;
