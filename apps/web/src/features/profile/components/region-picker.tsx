import CascadePicker from 'antd-mobile/es/components/cascade-picker';
import { useState } from 'react';
import { FormRow } from '@/components/form-row';
import { toastFail } from '@/lib/feedback';
import { useT } from '@/lib/i18n/use-t';
import styles from './mine.module.css';
import { loadRegionOptions, type RegionOption } from './region-options';

export interface Region {
  province: string;
  city: string;
}

/** The bank's province and city, picked from the region data (loaded on the first tap). */
export function RegionPicker({
  value,
  onChange,
}: {
  value: Region | null;
  onChange: (region: Region) => void;
}) {
  const t = useT();
  const [options, setOptions] = useState<RegionOption[]>();
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);

  async function openPicker() {
    if (!options) {
      setLoading(true);
      try {
        setOptions(await loadRegionOptions());
      } catch (error) {
        // eslint-disable-next-line no-console
        console.error('region data not loaded', error);
        toastFail(t('mine.regionFailed'));
        return;
      } finally {
        setLoading(false);
      }
    }
    setOpen(true);
  }

  return (
    <FormRow htmlFor="mine-region" label={t('mine.region')}>
      <button
        id="mine-region"
        type="button"
        className={styles.pickButton}
        data-empty={!value}
        disabled={loading}
        onClick={() => void openPicker()}
      >
        {/* Place names are the school's data: Chinese in both languages. */}
        <span data-user-data>{value ? `${value.province} ${value.city}` : t('mine.chooseRegion')}</span>
      </button>
      {options ? (
        <CascadePicker
          title={t('mine.chooseRegion')}
          popupClassName={styles.picker}
          options={options}
          visible={open}
          value={value ? [value.province, value.city] : []}
          onClose={() => setOpen(false)}
          onConfirm={(picked) => {
            const [province, city] = picked;
            if (typeof province === 'string' && typeof city === 'string') onChange({ province, city });
          }}
        />
      ) : null}
    </FormRow>
  );
}
