/** The buttons of a searchable list: search and reset beside its filters, and export of the search. */
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useT } from '@admin/lib/i18n/use-t';

/** Search (the form's submit) and reset (the form's reset, then `onReset`). */
export function SearchButtons({ onReset, testId }: { onReset: () => void; testId?: string }) {
  const { t } = useT();
  return (
    <Space>
      <Button type="primary" htmlType="submit" data-testid={testId}>
        {t('common.search')}
      </Button>
      <Button htmlType="reset" onClick={onReset}>
        {t('common.reset')}
      </Button>
    </Space>
  );
}

/** Downloads the current search as a file; busy while it comes. A refusal shows as any failed call. */
export function ExportButton({
  onExport,
  label,
  testId,
}: {
  onExport: () => Promise<void>;
  label: string;
  testId: string;
}) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await onExport();
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button onClick={() => void run()} loading={busy} data-testid={testId}>
      {label}
    </Button>
  );
}
