import Button from 'antd-mobile/es/components/button';
import { useT } from '@/lib/i18n/use-t';
import { reloadAt, takeReturnAddress } from '@/lib/navigation';
import { openPopup } from '@/lib/popups';
import { BindPanel } from '../components/bind-panel';

/** /register: bind a school identity; after binding the app reloads at the return address. */
export default function RegisterPage() {
  const t = useT();
  return (
    <div style={{ padding: '1rem' }}>
      <h2 style={{ margin: '0 0 0.25rem', fontSize: '1.1rem' }}>{t('bind.title')}</h2>
      <p style={{ margin: '0 0 1rem', fontSize: '0.85rem', color: '#666' }}>{t('bind.intro')}</p>
      <BindPanel idPrefix="register" onBound={() => reloadAt(takeReturnAddress())} />
      <Button
        block
        fill="none"
        color="primary"
        style={{ marginTop: '0.75rem' }}
        onClick={() => openPopup('login')}
      >
        {t('bind.signInInstead')}
      </Button>
    </div>
  );
}
