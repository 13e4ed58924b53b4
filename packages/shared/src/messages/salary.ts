/** Messages of salary and other income, and of their loading by the finance office. */
export const salaryMessages = {
  'salary.staffOnly': {
    zh: '薪酬查询仅对教职工开放',
    en: 'Salary look-up is for staff members only',
  },
  'salary.verifyRequired': {
    zh: '查看薪酬前请先验证手机号',
    en: 'Please verify your phone number before viewing your salary',
  },
  'salary.slipNotFound': { zh: '未找到该工资条', en: 'That salary slip was not found' },
  'salary.incomeNotFound': { zh: '未找到该收入记录', en: 'That income record was not found' },
  'salary.periodInvalid': {
    zh: '月份格式不正确，应为 YYYY-MM',
    en: 'The month is not valid; use YYYY-MM',
  },
  'salary.periodTooFar': {
    zh: '月份 {period} 晚于本月之后 {max} 个月，请检查月份',
    en: 'The month {period} is more than {max} months after this month; check the month',
  },
  'salary.payDateFar': {
    zh: '发放日期 {value} 与工资月份 {period} 相差超过 {max} 个月',
    en: 'The pay date {value} is more than {max} months away from the month {period}',
  },
  'salary.fileTooLarge': {
    zh: '文件超过 {mb} MB，请拆分后再导入',
    en: 'The file is larger than {mb} MB; please split it',
  },
  'salary.fileProblems': {
    zh: '文件有 {count} 处问题，未导入任何数据',
    en: 'The file has {count|problem|problems}; nothing was stored',
  },
  'salary.imported': { zh: '已导入 {count} 行', en: '{count|row|rows} stored' },
  'salary.fileEmpty': { zh: '文件为空或没有数据行', en: 'The file is empty or has no data rows' },
  'salary.fileUnreadable': {
    zh: '无法读取文件，请上传 CSV 或 XLSX',
    en: 'The file cannot be read; please upload CSV or XLSX',
  },
  'salary.columnMissing': { zh: '缺少列：{column}', en: 'Missing column: {column}' },
  'salary.columnUnknown': {
    zh: '无法识别的列：{column}（项目列请写作“收入:名称”“扣款:名称”“税:名称”）',
    en: 'Unknown column: {column} (item columns are "income:Name", "deduction:Name" or "tax:Name")',
  },
  'salary.columnTwice': { zh: '列重复：{column}', en: 'Column given twice: {column}' },
  'salary.formulaCell': {
    zh: '不接受公式，请粘贴为数值',
    en: 'Formulas are not accepted; paste the values instead',
  },
  'salary.required': { zh: '不能为空', en: 'Must not be empty' },
  'salary.amountInvalid': {
    zh: '“{value}”不是金额（元，最多两位小数）',
    en: '"{value}" is not an amount (yuan, at most two decimals)',
  },
  'salary.dateInvalid': {
    zh: '“{value}”不是日期（YYYY-MM-DD）',
    en: '"{value}" is not a date (YYYY-MM-DD)',
  },
  'salary.personUnknown': {
    zh: '本单位没有工号为 {staffNo} 的教职工',
    en: 'No staff member with number {staffNo} in this school',
  },
  'salary.nameMismatch': {
    zh: '姓名与工号 {staffNo} 的登记姓名不符',
    en: 'The name does not match the one on record for {staffNo}',
  },
  'salary.duplicateRow': {
    zh: '与第 {row} 行重复（同一人同一月份）',
    en: 'Repeats row {row} (same person, same month)',
  },
  'salary.duplicateIncome': {
    zh: '与第 {row} 行重复（同一人、项目、部门、日期）',
    en: 'Repeats row {row} (same person, project, department and date)',
  },
  'salary.sumMismatch': {
    zh: '{column} 应为 {expected}，文件中为 {actual}',
    en: '{column} should be {expected}, the file says {actual}',
  },
  'salary.netMismatch': {
    zh: '应发 − 扣款 − 税 = {expected}，与实发 {actual} 不符',
    en: 'Gross − deductions − tax = {expected}, not the net {actual}',
  },
  'salary.incomeNetMismatch': {
    zh: '金额 − 税 = {expected}，与实发 {actual} 不符',
    en: 'Amount − tax = {expected}, not the net {actual}',
  },
  'salary.monthLoaded': {
    zh: '{period} 已有 {count} 张工资条；如需覆盖请选择替换',
    en: '{period} already has {count|slip|slips}; ask to replace them to load it again',
  },
  'salary.incomeLoaded': {
    zh: '该收入记录已导入过',
    en: 'This income record is already stored',
  },
  'salary.tooManyRows': {
    zh: '文件超过 {max} 行，请拆分后再导入',
    en: 'The file has more than {max} rows; please split it',
  },
  'salary.tooManyProblems': {
    zh: '问题过多，仅列出前 {max} 处',
    en: 'Too many problems; only the first {max} are listed',
  },
} as const satisfies Record<string, { zh: string; en: string }>;
