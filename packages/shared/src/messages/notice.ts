/** Messages of notices and of the finance office's notice publishing. */
export const noticeMessages = {
  'notice.notFound': { zh: '通知不存在或已撤回', en: 'The notice does not exist or has been withdrawn' },
  'notice.categoryUnknown': { zh: '通知分类不存在', en: 'The notice category does not exist' },
  'notice.notDraft': {
    zh: '该通知已发布或已撤回，不能再修改',
    en: 'The notice has been published or withdrawn and cannot be edited',
  },
  'notice.notPublishable': { zh: '只有草稿可以发布', en: 'Only a draft can be published' },
  'notice.bodyEmpty': {
    zh: '通知正文为空（或只有不允许的内容，已被清除），请填写正文后再发布',
    en: 'The notice has no body (or only content that is not allowed, which was removed); write the body before publishing',
  },
  'notice.notPublished': { zh: '只有已发布的通知可以撤回', en: 'Only a published notice can be withdrawn' },
  'notice.fileMissing': { zh: '请选择要上传的附件', en: 'Choose a file to attach' },
  'notice.fileTooLarge': {
    zh: '附件不能超过 {max} MB',
    en: 'An attachment cannot be larger than {max} MB',
  },
  'notice.fileType': {
    zh: '不支持该附件类型，可上传：{types}',
    en: 'This type of file cannot be attached; allowed: {types}',
  },
  'notice.tooManyFiles': {
    zh: '每条通知最多 {max} 个附件',
    en: 'A notice can have at most {max} attachments',
  },
  'notice.attachmentNotFound': { zh: '附件不存在', en: 'The attachment does not exist' },
  'notice.linkExpired': {
    zh: '下载链接已失效，请重新打开通知',
    en: 'The download link has expired; open the notice again',
  },
  'notice.linkPage.hint': {
    zh: '请返回应用，从通知详情重新打开附件。',
    en: 'Go back to the app and open the attachment again from the notice.',
  },
} as const;
