import Popup from 'antd-mobile/es/components/popup';
import type { ReactNode } from 'react';

/** A titled popup from the bottom of the screen; spec §2 gives each its height (80%, 60%, 50%). */
export function SheetPopup(props: {
  visible: boolean;
  onClose: () => void;
  heightVh: number;
  titleId: string;
  title: string;
  children: ReactNode;
}) {
  const { visible, onClose, heightVh, titleId, title, children } = props;
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      showCloseButton
      destroyOnClose
      bodyStyle={{ height: `${heightVh}vh`, overflowY: 'auto', padding: '1rem', background: '#f5f6f8' }}
    >
      <div role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId} style={{ margin: '0 0 1rem', fontSize: '1rem' }}>
          {title}
        </h2>
        {children}
      </div>
    </Popup>
  );
}
