import Popup from 'antd-mobile/es/components/popup';
import { useT } from '../../../lib/i18n/use-t';
import { reloadAt } from '../../../lib/navigation';
import { BindPanel } from './bind-panel';

/** The rebinding popup (80% height, spec §2): binds the signed-in user anew, then the page reloads. */
export default function RebindingPopup({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      showCloseButton
      destroyOnClose
      bodyStyle={{ height: '80vh', overflowY: 'auto', padding: '1rem', background: '#f5f6f8' }}
    >
      <div role="dialog" aria-modal="true" aria-labelledby="rebinding-title">
        <h2 id="rebinding-title" style={{ margin: '0 0 1rem', fontSize: '1rem' }}>
          {t('menu.rebinding')}
        </h2>
        {visible ? (
          <BindPanel idPrefix="rebind" onBound={() => reloadAt(window.location.hash.slice(1) || '/home')} />
        ) : null}
      </div>
    </Popup>
  );
}
