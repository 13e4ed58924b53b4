import Popup from 'antd-mobile/es/components/popup';
import { useT } from '@/lib/i18n/use-t';
import type { StudentListItem as StudentChoice } from '@cf/shared/wire/user';
import styles from './pick-student-popup.module.css';

interface PickStudentPopupProps {
  students: StudentChoice[] | null;
  onPick: (student: StudentChoice | null) => void;
}

/** Several students share the ID card: a bottom popup (50% height) to choose one (spec §2, §4). */
export function PickStudentPopup({ students, onPick }: PickStudentPopupProps) {
  const t = useT();
  return (
    <Popup
      visible={!!students}
      position="bottom"
      onMaskClick={() => onPick(null)}
      onClose={() => onPick(null)}
      bodyStyle={{ height: '50vh', overflowY: 'auto' }}
      bodyClassName={styles.body}
    >
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="pick-student-title"
        data-testid="pick-student-popup"
      >
        <h2 id="pick-student-title" className={styles.title}>
          {t('bind.pickTitle')}
        </h2>
        <p className={styles.hint}>{t('bind.pickHint')}</p>
        <ul className={styles.list}>
          {(students ?? []).map((student) => (
            <li key={student.studentNo}>
              <button type="button" className={styles.choice} onClick={() => onPick(student)}>
                <span className={styles.number}>{student.studentNo}</span>
                <span className={styles.detail}>
                  {/* The name and the major are the school's data (not translated); the year is the app's. */}
                  {[
                    student.studentName ? (
                      <span key="name" data-user-data>
                        {student.studentName}
                      </span>
                    ) : null,
                    student.startYear ? t('bind.startYear', { year: student.startYear }) : null,
                    student.major ? (
                      <span key="major" data-user-data>
                        {student.major}
                      </span>
                    ) : null,
                  ]
                    .filter((part) => part !== null)
                    .flatMap((part, i) => (i === 0 ? [part] : [' · ', part]))}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    </Popup>
  );
}
