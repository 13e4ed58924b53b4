/** Messages of fees, orders, enrolment fees and bill review; the English of spec §5 is kept word for word. */
export const financeMessages = {
  'fee.amountTooLarge': {
    zh: '支付金额不能大于应收金额',
    en: 'Payment amount cannot be greater than the receivable amount',
  },
  'fee.formFieldsRequired': {
    zh: '请检查带*的表单项是否都已填写',
    en: 'Please check if all form fields with * are completed',
  },
  'fee.amountInvalid': { zh: '请输入正确的支付金额', en: 'Please enter a valid payment amount' },
  'fee.partialNotAllowed': { zh: '该项目需全额缴纳', en: 'This item must be paid in full' },
  'fee.nothingToPay': { zh: '该项目没有待缴金额', en: 'Nothing is left to pay for this item' },
  'fee.itemsRequired': { zh: '请选择缴费项目', en: 'Please choose the items to pay' },
  'fee.duplicateItems': { zh: '不能重复选择同一项目', en: 'The same item cannot be chosen twice' },
  'fee.studentsOnly': {
    zh: '学生缴费仅面向学生，您的费用请在“综合缴费”中查看',
    en: 'Student fees are for students; your fees are under Comprehensive payment',
  },
  'fee.receivableNotFound': { zh: '应收项目不存在', en: 'The receivable does not exist' },
  'fee.itemNotFound': {
    zh: '缴费项目不存在或已下架',
    en: 'The fee item does not exist or is no longer offered',
  },
  'fee.itemNotForYou': { zh: '您的用户类型不能缴纳该项目', en: 'This item is not offered to your user type' },
  'fee.quantityInvalid': {
    zh: '购买数量须在 1 到 {max} 之间',
    en: 'The quantity must be between 1 and {max}',
  },
  'fee.topupOutOfRange': {
    zh: '充值金额须在 {min} 元到 {max} 元之间',
    en: 'The top-up amount must be between {min} and {max} yuan',
  },
  'fee.payMethodRequired': { zh: '请选择支付方式', en: 'Please choose the payment method' },
  'fee.payDateRequired': { zh: '请选择支付日期', en: 'Please choose the payment date' },
  'fee.payDateInvalid': {
    zh: '支付日期不正确，不能晚于今天',
    en: 'The payment date is not valid; it cannot be later than today',
  },
  'fee.offlineRecorded': {
    zh: '已提交，待财务处审核',
    en: 'Submitted; the finance office will review it',
  },
  'fee.evidenceMissing': { zh: '请选择凭证文件', en: 'Choose an evidence file' },
  'fee.evidenceType': {
    zh: '凭证只能是 JPG、PNG、WebP 图片或 PDF 文件',
    en: 'Evidence must be a JPG, PNG or WebP image or a PDF file',
  },
  'fee.evidenceTooLarge': {
    zh: '每个凭证文件不能超过 {max} MB',
    en: 'Each evidence file must be at most {max} MB',
  },
  'fee.evidenceTooMany': {
    zh: '每笔缴费最多上传 {max} 个凭证文件',
    en: 'At most {max} evidence files can be attached to a payment',
  },
  'fee.evidencePendingLimit': {
    zh: '您已有 {max} 笔附凭证的线下缴费待审核，请在财务处审核后再上传',
    en: 'You have {max} other-means payments with evidence awaiting review; upload more once the finance office has reviewed them',
  },
  'fee.evidenceDailyLimit': {
    zh: '24 小时内最多上传 {max} MB 凭证，请稍后再试',
    en: 'At most {max} MB of evidence can be uploaded in 24 hours; please try again later',
  },
  'fee.evidenceTenantFull': {
    zh: '学校的凭证存储空间已满，请联系财务处',
    en: "The school's storage for payment evidence is full; please contact the finance office",
  },
  'fee.evidenceNotFound': {
    zh: '凭证文件不存在或已被使用，请重新选择',
    en: 'The evidence file does not exist or is already used; please choose it again',
  },
  'fee.billNotPending': {
    zh: '账单不存在或已审核',
    en: 'The bill does not exist or has already been reviewed',
  },
  'fee.financeOnly': { zh: '仅财务人员可操作', en: 'Only the finance office may do this' },
  'admin.managerOnly': { zh: '仅财务主管可操作', en: 'Only a finance manager may do this' },
  'admin.tenantAdminOnly': {
    zh: '仅学校管理员可操作',
    en: "Only the school's administrator may do this",
  },
  'admin.userAboveYou': {
    zh: '只能停用或启用角色低于您的账号',
    en: 'You may only disable or enable accounts whose role is below yours',
  },
  'admin.lastTenantAdmin': {
    zh: '不能停用最后一个启用中的学校管理员账号',
    en: "The school's last active administrator cannot be disabled",
  },
  'enroll.notFound': {
    zh: '未找到该新生，请核对身份证号和姓名',
    en: 'No newly admitted student matches this ID number and name; please check your input',
  },
  'enroll.alreadyPaid': { zh: '该项目已缴费', en: 'This item has already been paid' },
  'order.inProgress': {
    zh: '该项目已有待支付订单，请到订单中继续支付',
    en: 'There is already an unpaid order for this item; continue it from your orders',
  },
  'order.notFound': { zh: '订单不存在', en: 'The order does not exist' },
  'order.forbidden': { zh: '无权查看该订单', en: 'You may not view this order' },
  'order.notOpen': {
    zh: '订单已支付或已关闭，无法取消',
    en: 'The order is already paid or closed and cannot be cancelled',
  },
} as const satisfies Record<string, { zh: string; en: string }>;
