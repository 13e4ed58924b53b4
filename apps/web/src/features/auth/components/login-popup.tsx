import Popup from 'antd-mobile/es/components/popup';
import { useT } from '../../../lib/i18n/use-t';
import { LoginForm } from './login-form';

/** The login popup (80% height, spec §2): the same form as /login, over the current screen. */
export default function LoginPopup({ visible, onClose }: { visible: boolean; onClose: () => void }) {
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
      <div role="dialog" aria-modal="true" aria-labelledby="login-popup-title">
        <h2 id="login-popup-title" style={{ margin: '0 0 1rem', fontSize: '1rem' }}>
          {t('login.title')}
        </h2>
        {visible ? <LoginForm idPrefix="login-popup" /> : null}
      </div>
    </Popup>
  );
}
