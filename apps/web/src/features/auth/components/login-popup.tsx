import { SheetPopup } from '@/components/sheet-popup';
import { useT } from '@/lib/i18n/use-t';
import { LoginForm } from './login-form';

/** The login popup (80% height, spec §2): the same form as /login, over the current screen. */
export default function LoginPopup({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <SheetPopup
      visible={visible}
      onClose={onClose}
      heightVh={80}
      titleId="login-popup-title"
      title={t('login.title')}
    >
      {visible ? <LoginForm idPrefix="login-popup" /> : null}
    </SheetPopup>
  );
}
