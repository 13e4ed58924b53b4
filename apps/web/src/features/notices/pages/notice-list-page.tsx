import Tabs from 'antd-mobile/es/components/tabs';
import { useT } from '@/lib/i18n/use-t';
import { useQueryParam } from '@/lib/use-query-param';
import { useNoticeCategories } from '../api/get-notice-categories';
import { NoticeList } from '../components/notice-list';
import styles from './notice-list-page.module.css';

const ALL = 'all';

/** /home/noticelist: the notices the reader may read, newest first, by category (?category=). */
export default function NoticeListPage() {
  const t = useT();
  const categories = useNoticeCategories();
  const [param, setParam] = useQueryParam('category');
  const category = param ?? '';
  const tabs = [{ key: ALL, name: t('notices.allCategories') }, ...(categories.data ?? [])];
  return (
    <div className={styles.page}>
      <Tabs
        className={styles.tabs}
        activeKey={category || ALL}
        onChange={(key) => setParam(key === ALL ? null : key)}
        style={{ '--content-padding': '0', '--title-font-size': '0.85rem' }}
        aria-label={t('notices.filter')}
      >
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.key} title={tab.name} />
        ))}
      </Tabs>
      <NoticeList key={category} category={category} />
    </div>
  );
}
