import { useCallback, useRef, useState } from 'react';
import type { StudentListItem as StudentChoice } from '@cf/shared/wire/user';

/**
 * The pick popup as a promise: `pick(list)` opens it and resolves with the chosen student (or
 * null when dismissed), so whichever action was pending (binding or sending the code) continues.
 */
export function useStudentPicker() {
  const [choices, setChoices] = useState<StudentChoice[] | null>(null);
  const resolver = useRef<((student: StudentChoice | null) => void) | null>(null);

  const pick = useCallback(
    (list: StudentChoice[]) =>
      new Promise<StudentChoice | null>((resolve) => {
        resolver.current = resolve;
        setChoices(list);
      }),
    [],
  );

  const onPick = useCallback((student: StudentChoice | null) => {
    setChoices(null);
    resolver.current?.(student);
    resolver.current = null;
  }, []);

  return { choices, pick, onPick };
}
