/** Messages of bulk loading by the finance office (issue 15): people, enrollees, fee items, receivables. */
export const importMessages = {
  'imports.kindUnknown': { zh: '不支持的导入类型', en: 'Unknown kind of import' },
  'imports.busy': {
    zh: '本单位已有一个同类导入正在进行，请等它完成后再试',
    en: 'An import of this kind is already running in your school; wait for it to finish and try again',
  },
  'imports.jobNotFound': { zh: '未找到该导入任务', en: 'That import was not found' },
  'imports.notCommittable': {
    zh: '只有检查完成且没有错误的导入才能提交',
    en: 'Only a checked import without errors can be committed',
  },
  'imports.fileTooLarge': {
    zh: '文件超过 {mb} MB，请拆分后再导入',
    en: 'The file is larger than {mb} MB; please split it',
  },
  'imports.fileMissing': { zh: '请选择要导入的文件', en: 'Choose the file to import' },
  'imports.uploadIncomplete': {
    zh: '文件没有完整上传，请重新上传',
    en: 'The file did not arrive whole; please upload it again',
  },
  'imports.tooManyRows': {
    zh: '文件超过 {max} 行，请拆分后再导入',
    en: 'The file has more than {max} rows; please split it',
  },
  'imports.zipUnsafe': {
    zh: '文件无法安全读取：解压后远大于文件本身，或包含过多部件。请在 Excel 中另存为新的 XLSX 或 CSV 后重新上传',
    en: 'This file cannot be read safely: it unpacks to far more than its size, or holds too many parts. Save it again from Excel as a new XLSX or CSV and upload that',
  },
  'imports.sheetTooLarge': {
    zh: '表格延伸到单元格 {cell}，超出 {rows} 行、{cols} 列的上限。请删除远处多余的单元格（在 Excel 中按 Ctrl+End 可找到最后一格）后重新上传',
    en: 'The sheet reaches cell {cell}, past the limit of {rows} rows and {cols} columns. Delete the stray cells far out (Ctrl+End in Excel finds the last one) and upload it again',
  },
  'imports.readTooHeavy': {
    zh: '读取该文件所需内存超出上限，已停止读取，未写入任何数据。请拆分成较小的文件或另存为 CSV 后重新上传',
    en: 'Reading this file needed more memory than allowed, so it was stopped and nothing was stored. Split it into smaller files or save it as CSV and upload again',
  },
  'imports.readTimeout': {
    zh: '读取该文件超时，已停止读取，未写入任何数据。请拆分成较小的文件后重新上传',
    en: 'Reading this file took too long, so it was stopped and nothing was stored. Split it into smaller files and upload again',
  },
  'imports.gaveUp': {
    zh: '处理该导入时服务器两次中断，已不再重试，未写入任何数据。请检查文件后重新上传',
    en: 'The server stopped twice while working on this import, so it is not tried again and nothing was stored. Check the file and upload it again',
  },
  'imports.fileGone': {
    zh: '上传的文件已不再保留（临时文件到期后会被删除），未写入任何数据。请重新上传',
    en: 'The uploaded file is no longer kept (temporary files are removed after a while) and nothing was stored; please upload it again',
  },
  'imports.failed': {
    zh: '导入未能完成，未写入任何数据，请重试',
    en: 'The import could not finish and nothing was stored; please try again',
  },
  'imports.checked': {
    zh: '检查完成：新增 {created}，更新 {updated}，不变 {unchanged}',
    en: 'Checked: {created} new, {updated} updated, {unchanged} unchanged',
  },
  'imports.committed': {
    zh: '已导入：新增 {created}，更新 {updated}，不变 {unchanged}',
    en: 'Stored: {created} new, {updated} updated, {unchanged} unchanged',
  },
  'imports.hasErrors': {
    zh: '文件有 {count} 处问题，请修改后重新上传',
    en: 'The file has {count|problem|problems}; fix them and upload it again',
  },
  'imports.columnUnknown': {
    zh: '无法识别的列：{column}，请使用模板中的列名',
    en: 'Unknown column: {column}; use the template’s headers',
  },
  'imports.mergedCell': {
    zh: '不接受合并单元格，请取消合并并逐格填写',
    en: 'Merged cells are not accepted; unmerge them and fill every cell',
  },
  'imports.duplicateKey': {
    zh: '与第 {row} 行重复',
    en: 'Repeats row {row}',
  },
  'imports.choiceInvalid': {
    zh: '无效，可填：{choices}',
    en: 'Not valid; use one of: {choicesEn}',
  },
  'imports.numberInvalid': {
    zh: '应为 {min} 到 {max} 之间的整数',
    en: 'Not a whole number from {min} to {max}',
  },
  'imports.tooLong': { zh: '不能超过 {max} 个字符', en: 'At most {max} characters' },
  'imports.idCardInvalid': {
    zh: '身份证号应为 15 或 18 位',
    en: 'A mainland ID number has 15 or 18 characters',
  },
  'imports.idCardCheck': {
    zh: '身份证号最后一位校验码不正确（GB 11643），请核对号码',
    en: 'The last character of this ID number is not its check character (GB 11643); check the number',
  },
  'imports.numberCell': {
    zh: '第 {row} 行“{column}”是数字单元格（{value}），数字会丢掉开头的 0 和第 15 位之后的数字。请把该列设为文本格式，重新输入后再上传',
    en: 'Row {row}, column "{column}" is a number cell ({value}); a number loses leading zeros and every digit past the 15th. Format the column as text, type it again and upload',
  },
  'imports.headerNotFound': {
    zh: '第 1 行不是表头：没有一个模板中的列名（如 {columns}）。请上传模板的工作表，表头放在第 1 行',
    en: 'Row 1 is not a header: it has none of the template’s headers (such as {columns}). Upload the template’s sheet with its header on row 1',
  },
  'imports.titleRow': {
    zh: '表头在第 {row} 行：请删除其上方的标题行，让表头位于第 1 行',
    en: 'The header is on row {row}: delete the title rows above it so the header is on row 1',
  },
  'imports.phoneInvalid': { zh: '不是有效的手机号', en: 'Not a valid phone number' },
  'imports.schoolYearInvalid': {
    zh: '不是学年（如 2025-2026）',
    en: 'Not a school year (e.g. 2025-2026)',
  },
  'imports.studentUnknown': {
    zh: '本单位没有学号为 {no} 的学生',
    en: 'No student numbered {no} in this school',
  },
  'imports.employeeUnknown': {
    zh: '本单位没有工号为 {no} 的教职工',
    en: 'No staff member numbered {no} in this school',
  },
  'imports.nameMismatch': {
    zh: '姓名与 {no} 的登记姓名不符',
    en: 'The name does not match the one on record for {no}',
  },
  'imports.payableBelowPaid': {
    zh: '已缴 {paid}，应收不能低于已缴金额',
    en: '{paid} has been paid; the amount due cannot be lower',
  },
  'imports.admissionNoTaken': {
    zh: '该录取号已属于另一名新生',
    en: 'This admission number belongs to another enrollee',
  },
  'imports.itemAmbiguous': {
    zh: '本单位有多个同名的“{name}”项目，请在控制台中修改',
    en: 'Several items are named "{name}" in this school; change them in the console',
  },
  'imports.topupLimits': {
    zh: '充值项目的最低金额不能大于最高金额，且最高金额须大于 0',
    en: 'A top-up’s minimum cannot exceed its maximum, and the maximum must be above 0',
  },
} as const;
