/**
 * Saved invoice titles to pick from (the default picked first), each with make default, edit and
 * delete; "add a title" opens the form. The picked title is the caller's state.
 */
import Button from 'antd-mobile/es/components/button';
import Tag from 'antd-mobile/es/components/tag';
import { useState } from 'react';
import { SheetPopup } from '@/components/sheet-popup';
import { loadDialog } from '@/lib/imperative';
import { useT } from '@/lib/i18n/use-t';
import type { InvoiceTitle } from '../api/get-invoice-titles';
import { useRemoveInvoiceTitle } from '../api/remove-invoice-title';
import { useSetDefaultTitle } from '../api/set-default-title';
import { TitleForm } from './title-form';
import styles from './title-picker.module.css';

export function TitlePicker(props: {
  titles: InvoiceTitle[];
  picked: number | undefined;
  onPick: (id: number) => void;
}) {
  const t = useT();
  const remove = useRemoveInvoiceTitle();
  const setDefault = useSetDefaultTitle();
  // undefined: closed; null: a new title; a title: editing it.
  const [editing, setEditing] = useState<InvoiceTitle | null | undefined>(undefined);

  async function confirmRemove(title: InvoiceTitle) {
    const Dialog = await loadDialog();
    const sure = await Dialog.confirm({
      content: t('invoice.deleteConfirm'),
      confirmText: t('invoice.deleteYes'),
      cancelText: t('invoice.deleteNo'),
    });
    if (sure) await remove.mutateAsync(title.id).catch(() => undefined);
  }

  return (
    <>
      {props.titles.length === 0 ? <p className={styles.empty}>{t('invoice.noTitles')}</p> : null}
      <ul className={styles.list} aria-label={t('invoice.pickTitle')}>
        {props.titles.map((title) => {
          const picked = title.id === props.picked;
          return (
            <li
              key={title.id}
              className={picked ? `${styles.title} ${styles.picked}` : styles.title}
              data-testid="invoice-title"
              data-picked={picked}
            >
              <button
                type="button"
                className={styles.pick}
                aria-pressed={picked}
                onClick={() => props.onPick(title.id)}
              >
                <span className={styles.name} data-user-data>
                  {title.name}{' '}
                  {title.isDefault ? (
                    <Tag color="primary" fill="outline">
                      {t('invoice.default')}
                    </Tag>
                  ) : null}
                </span>
                <span className={styles.meta}>
                  {t(`invoice.taxpayerType.${title.taxpayerType}`)} ·{' '}
                  {t(`invoice.invoiceType.${title.invoiceType}`)}
                  {title.taxId ? <span data-user-data> · {title.taxId}</span> : null}
                </span>
              </button>
              <div className={styles.actions}>
                {title.isDefault ? null : (
                  <Button
                    className={styles.action}
                    size="small"
                    onClick={() => void setDefault.mutateAsync(title.id).catch(() => undefined)}
                  >
                    {t('invoice.setDefault')}
                  </Button>
                )}
                <Button className={styles.action} size="small" onClick={() => setEditing(title)}>
                  {t('invoice.edit')}
                </Button>
                <Button
                  className={styles.action}
                  size="small"
                  color="danger"
                  fill="outline"
                  onClick={() => void confirmRemove(title)}
                >
                  {t('invoice.deleteTitle')}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <Button
        block
        fill="outline"
        color="primary"
        onClick={() => setEditing(null)}
        data-testid="title-add"
        style={{ minHeight: 44 }}
      >
        {t('invoice.addTitle')}
      </Button>
      <SheetPopup
        visible={editing !== undefined}
        onClose={() => setEditing(undefined)}
        heightVh={80}
        titleId="invoice-title-form"
        title={t(editing ? 'invoice.editTitle' : 'invoice.addTitle')}
      >
        <TitleForm
          title={editing ?? undefined}
          onSaved={(saved) => {
            setEditing(undefined);
            props.onPick(saved.id);
          }}
        />
      </SheetPopup>
    </>
  );
}
