import { SheetPopup } from '@/components/sheet-popup';
import { useT } from '@/lib/i18n/use-t';
import { reloadAt } from '@/lib/navigation';
import { BindPanel } from './bind-panel';

/** The rebinding popup (80% height, spec §2): binds the signed-in user anew, then the page reloads. */
export default function RebindingPopup({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <SheetPopup
      visible={visible}
      onClose={onClose}
      heightVh={80}
      titleId="rebinding-title"
      title={t('menu.rebinding')}
    >
      {visible ? (
        <BindPanel idPrefix="rebind" onBound={() => reloadAt(window.location.hash.slice(1) || '/home')} />
      ) : null}
    </SheetPopup>
  );
}
