/** Who a person is and what the finance office loads in bulk, in both languages. */
import type { ImportKind } from '../import-kinds';
import { USER_TYPES } from '../validation';
import type { LabelTable } from './label';

/** Whose a fee or an order is: a user type, or a newly admitted student not yet a user (enrollee). */
export const PERSON_TYPES = [...USER_TYPES, 'enrollee'] as const;
export type PersonType = (typeof PERSON_TYPES)[number];

export const PERSON_TYPE_LABELS: LabelTable<PersonType> = {
  student: { zh: '学生', en: 'Student' },
  employee: { zh: '教职工', en: 'Staff' },
  other: { zh: '校外人员', en: 'Outside person' },
  enrollee: { zh: '新生', en: 'New student' },
};

export const IMPORT_KIND_LABELS: LabelTable<ImportKind> = {
  people: { zh: '人员（学生与教职工）', en: 'People (students and staff)' },
  'other-people': { zh: '校外人员', en: 'Outside people' },
  enrollees: { zh: '新生（迎新缴费）', en: 'New students (enrolment)' },
  'fee-items': { zh: '收费项目', en: 'Fee items' },
  receivables: { zh: '应收款', en: 'Receivables' },
  salary: { zh: '工资条', en: 'Salary slips' },
  'other-income': { zh: '其他收入', en: 'Other income' },
};
