import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { Link } from 'react-router';
import { useCan } from '@/api/get-button-permissions';
import { useMobileModules } from '@/api/get-mobile-modules';
import { useUserInfo } from '@/api/get-user-info';
import { LanguageSwitch } from '@/components/language-switch';
import type { TextKey } from '@/lib/i18n/i18n';
import { roleNames } from '@/lib/i18n/role-names';
import { useT } from '@/lib/i18n/use-t';
import { useSession } from '@/lib/use-session';
import styles from './profile-page.module.css';

interface ProfileLink {
  key: string;
  textKey: TextKey;
  to: string;
  /** Shown only when this returns true. */
  when?: (ctx: { can: (code: string) => boolean; modules: string[] }) => boolean;
}

const LINKS: ProfileLink[] = [
  { key: 'edit', textKey: 'profile.edit', to: '/user/edit' },
  {
    key: 'salary',
    textKey: 'profile.salary',
    to: '/user/salary/index',
    when: ({ can, modules }) => modules.includes('salary') && can('salary_view'),
  },
  { key: 'bank', textKey: 'profile.bank', to: '/user/bank', when: ({ can }) => can('bank_change') },
  { key: 'phone', textKey: 'profile.phone', to: '/user/phone' },
  { key: 'email', textKey: 'profile.email', to: '/user/email' },
];

/** /user/index, the Mine tab: who is signed in, the language switch and the personal screens. */
export default function ProfilePage() {
  const t = useT();
  const can = useCan();
  const { user } = useSession();
  const modules = useMobileModules(user?.tenantId).data ?? [];
  // User info adds the real name and the roles (spec §3) to what the sign-in answered.
  const info = useUserInfo(user?.userId).data;
  const name = info?.realName || user?.userName || user?.nickName || user?.account || '';
  // Known roles in the language on screen; a role the school named itself keeps its name.
  const roles = roleNames(t, info?.roles ?? [], user?.roleName ?? '');

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="profile-name">
        <span className={styles.avatar} aria-hidden="true" data-user-data>
          {name.slice(0, 1)}
        </span>
        <div>
          <p className={styles.name} id="profile-name" data-user-data>
            {name}
          </p>
          {user?.account ? (
            <p className={styles.meta}>{t('profile.account', { account: user.account })}</p>
          ) : null}
          {roles ? <p className={styles.meta}>{t('profile.role', { role: roles })}</p> : null}
        </div>
      </section>
      <div className={styles.row}>
        <span>{t('language.label')}</span>
        <LanguageSwitch />
      </div>
      <nav className={styles.list} aria-label={t('route.user')}>
        {LINKS.filter((link) => !link.when || link.when({ can, modules })).map((link) => (
          <Link key={link.key} className={styles.link} to={link.to} data-testid={`profile-${link.key}`}>
            <span>{t(link.textKey)}</span>
            <RightOutline aria-hidden="true" />
          </Link>
        ))}
      </nav>
    </div>
  );
}
