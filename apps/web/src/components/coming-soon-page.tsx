import Button from 'antd-mobile/es/components/button';
import { useNavigate } from 'react-router';
import { useT } from '../lib/i18n/use-t';
import { StatusView } from './status-view';

/** An honest placeholder for screens that later issues build (fees, orders, notices, salary...). */
export default function ComingSoonPage() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <StatusView
      title={t('common.comingSoonTitle')}
      description={t('common.comingSoonBody')}
      testId="coming-soon"
    >
      <Button color="primary" fill="outline" onClick={() => navigate('/home')}>
        {t('common.backHome')}
      </Button>
    </StatusView>
  );
}
