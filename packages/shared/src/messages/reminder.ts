/** Messages of the finance office's fee reminders (催缴): campaigns and scheduled reminders. */
export const reminderMessages = {
  'reminder.itemRequired': { zh: '请选择收费项目', en: 'Please choose the fee item' },
  'reminder.itemUnknown': {
    zh: '没有该收费项目的应收',
    en: 'There are no receivables of this fee item',
  },
  'reminder.nobody': {
    zh: '没有符合条件的欠费人员',
    en: 'Nobody matching the filter owes anything',
  },
  'reminder.sendAtInvalid': {
    zh: '发送时间须为现在到 {days} 天内的时间',
    en: 'The sending time must be between now and {days} days from now',
  },
  'reminder.campaignNotFound': { zh: '催缴任务不存在', en: 'The reminder campaign does not exist' },
  'reminder.cannotStop': {
    zh: '该催缴任务已结束，不能停止',
    en: 'The campaign has ended and cannot be stopped',
  },
  'reminder.scheduleNotFound': { zh: '定时提醒不存在', en: 'The scheduled reminder does not exist' },
  'reminder.scheduleExists': {
    zh: '该项目已设置截止前 {days} 天的提醒',
    en: 'This item already has a reminder {days} days before its due date',
  },
  'reminder.scheduleCancelled': {
    zh: '该定时提醒已取消',
    en: 'The scheduled reminder was cancelled already',
  },
  'reminder.previewPersonNotFound': {
    zh: '该人员不在本次催缴范围内',
    en: 'This person is not among the people the filter reaches',
  },
} as const satisfies Record<string, { zh: string; en: string }>;
