import Button from 'antd-mobile/es/components/button';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { Link } from 'react-router';
import { useCan } from '@/api/get-button-permissions';
import { useMobileModules } from '@/api/get-mobile-modules';
import { useUserInfo } from '@/api/get-user-info';
import { quit } from '@/api/logout';
import { LanguageSwitch } from '@/components/language-switch';
import { APP_VERSION } from '@/lib/env';
import type { TextKey } from '@/lib/i18n/i18n';
import { roleNames } from '@/lib/i18n/role-names';
import { useT } from '@/lib/i18n/use-t';
import { useSession } from '@/lib/use-session';
import { useBindInfo } from '@/api/get-bind-info';
import mine from '../components/mine.module.css';
import styles from './profile-page.module.css';

interface ProfileLink {
  key: string;
  textKey: TextKey;
  to: string;
  /** Shown only when this returns true. */
  when?: (ctx: { can: (code: string) => boolean; modules: string[]; staff: boolean }) => boolean;
}

const LINKS: ProfileLink[] = [
  { key: 'edit', textKey: 'profile.edit', to: '/user/edit' },
  { key: 'bank', textKey: 'profile.bank', to: '/user/bank', when: ({ can }) => can('bank_change') },
  { key: 'phone', textKey: 'profile.phone', to: '/user/phone' },
  { key: 'email', textKey: 'profile.email', to: '/user/email' },
  { key: 'notify', textKey: 'profile.notify', to: '/user/notify' },
  {
    key: 'salary',
    textKey: 'profile.salary',
    to: '/user/salary/index',
    when: ({ can, modules, staff }) => staff && modules.includes('salary') && can('salary_view'),
  },
];

const USER_TYPE_TEXT: Record<string, TextKey> = {
  student: 'role.student',
  employee: 'role.employee',
  other: 'role.other',
};

/**
 * /user/index, the Mine tab: who is signed in (avatar, name, user type, the bound student or staff
 * number and the masked ID card), the personal screens, language, version and sign out.
 */
export default function ProfilePage() {
  const t = useT();
  const can = useCan();
  const { user } = useSession();
  const modules = useMobileModules(user?.tenantId).data ?? [];
  const info = useBindInfo(user?.userId);
  // User info adds the roles (spec §3), shown for an account bound to no school identity.
  const userInfo = useUserInfo(user?.userId).data;
  const bound = info.data?.bound === true;
  const name =
    info.data?.realName || userInfo?.realName || user?.userName || user?.nickName || user?.account || '';
  const userType = info.data?.userType ? USER_TYPE_TEXT[info.data.userType] : undefined;
  const staff = info.data?.userType === 'employee';
  const codeLabel = staff ? t('mine.employeeNo') : t('mine.studentNo');
  // Known roles in the language on screen; a role the school named itself keeps its name.
  const roles = roleNames(t, userInfo?.roles ?? [], user?.roleName ?? '');

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="profile-name">
        <span className={styles.avatar} aria-hidden="true" data-user-data>
          {name.slice(0, 1)}
        </span>
        <div className={styles.who}>
          <p className={styles.name} id="profile-name">
            <span data-user-data>{name}</span>
            {userType ? <span className={styles.type}>{t(userType)}</span> : null}
          </p>
          {user?.account ? (
            <p className={styles.meta}>{t('profile.account', { account: user.account })}</p>
          ) : null}
          {!userType && roles ? <p className={styles.meta}>{t('profile.role', { role: roles })}</p> : null}
          {info.data && !bound ? (
            <p className={styles.meta}>
              {t('mine.notBound')}{' '}
              <Link className={mine.actionLink} to="/register">
                {t('mine.bindNow')}
              </Link>
            </p>
          ) : null}
          {bound && info.data?.code ? (
            <p className={styles.meta} data-testid="profile-code">
              {codeLabel} {info.data.code}
            </p>
          ) : null}
          {bound && info.data?.idCardMasked ? (
            <p className={styles.meta} data-testid="profile-id-card">
              {t('mine.idCard')} {info.data.idCardMasked}
            </p>
          ) : null}
          {info.isError ? <p className={styles.meta}>{t('mine.loadFailed')}</p> : null}
        </div>
      </section>
      <nav className={styles.list} aria-label={t('route.user')}>
        {LINKS.filter((link) => !link.when || link.when({ can, modules, staff })).map((link) => (
          <Link key={link.key} className={styles.link} to={link.to} data-testid={`profile-${link.key}`}>
            <span>{t(link.textKey)}</span>
            <RightOutline aria-hidden="true" />
          </Link>
        ))}
      </nav>
      <section className={styles.list} aria-label={t('mine.settings')}>
        <div className={styles.row}>
          <span>{t('language.label')}</span>
          <LanguageSwitch />
        </div>
        <div className={styles.row}>
          <span>{t('mine.version')}</span>
          <span className={styles.version} data-testid="profile-version">
            {APP_VERSION}
          </span>
        </div>
      </section>
      <Button className={styles.signOut} block color="danger" fill="outline" onClick={quit}>
        {t('mine.signOut')}
      </Button>
    </div>
  );
}
