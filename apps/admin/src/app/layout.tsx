/**
 * The console's frame: a side menu of the screens the person's role may open (screens.tsx), and a
 * header naming the school, the person and their role, with the language switch and sign-out.
 * The person is read again from user-info when the console opens: a role taken away ends the session.
 * Header and menu stay in place while the page scrolls; the menu folds to its icons, and tables can be
 * compact — both remembered in this browser (lib/preferences.ts).
 */
import { LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Flex, Layout, Menu, Segmented, Tag, type MenuProps } from 'antd';
import { Heading } from '@admin/components/text';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useUserInfo } from '@admin/features/auth/api/get-user-info';
import { usePublicTenants } from '@admin/features/auth/api/get-public-tenants';
import { logout } from '@admin/features/auth/api/logout';
import { LanguageSwitch } from '@admin/components/language-switch';
import { useT } from '@admin/lib/i18n/use-t';
import { setPreferences, usePreferences, type Density } from '@admin/lib/preferences';
import { allows, roleLevel } from '@admin/lib/roles';
import { clearSession } from '@admin/lib/session';
import { useSession } from '@admin/lib/use-session';
import { MENU_GROUPS, SCREENS } from './screens';

const ROLE_TEXT = { clerk: 'role.clerk', manager: 'role.manager', admin: 'role.admin' } as const;

export function ConsoleLayout() {
  const { t, language } = useT();
  const { session, level } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tenants = usePublicTenants();
  const fresh = useUserInfo(session?.user?.userId);
  const { density, menuFolded } = usePreferences();

  useEffect(() => {
    if (fresh.data && !roleLevel(fresh.data.roles)) clearSession();
  }, [fresh.data]);

  const allowed = SCREENS.filter((screen) => allows(level, screen.level));
  const item = (screen: (typeof SCREENS)[number]) => ({
    key: screen.path,
    icon: screen.icon,
    label: t(screen.title),
  });
  const items: MenuProps['items'] = [
    ...allowed.filter((screen) => !screen.group).map(item),
    ...MENU_GROUPS.map((group) => ({
      type: 'group' as const,
      key: group.key,
      label: t(group.title),
      children: allowed.filter((screen) => screen.group === group.key).map(item),
    })).filter((group) => group.children.length > 0),
  ];
  const selected = allowed
    .map((screen) => screen.path)
    .filter((path) => pathname === `/${path}` || pathname.startsWith(`/${path}/`))
    .sort((a, b) => b.length - a.length)
    .slice(0, 1);

  const tenant = tenants.data?.find((x) => x.tenantId === session?.tenantId);
  const tenantName = tenant
    ? (language === 'en' && tenant.tenantNameEn) || tenant.tenantName
    : session?.tenantId;
  const user = session?.user;

  const signOut = () => {
    if (session) void logout(session.accessToken).catch(() => undefined);
    clearSession();
    navigate('/sign-in', { replace: true });
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        width={220}
        theme="light"
        collapsed={menuFolded}
        collapsedWidth={64}
        trigger={null}
        data-testid="side-menu"
        style={{
          borderRight: '1px solid #f0f0f0',
          position: 'sticky',
          top: 0,
          height: '100vh',
          overflow: 'auto',
        }}
      >
        <Heading
          level={5}
          style={{
            padding: menuFolded ? '20px 0 12px' : '20px 24px 12px',
            whiteSpace: 'nowrap',
            textAlign: menuFolded ? 'center' : undefined,
          }}
        >
          {menuFolded ? t('app.shortTitle') : t('app.title')}
        </Heading>
        <Menu
          mode="inline"
          items={items}
          selectedKeys={selected}
          onClick={({ key }) => navigate(`/${key}`)}
          style={{ borderInlineEnd: 'none' }}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            padding: '0 24px 0 8px',
            borderBottom: '1px solid #f0f0f0',
            height: 56,
            lineHeight: '56px',
            position: 'sticky',
            top: 0,
            zIndex: 10,
          }}
        >
          <Flex justify="space-between" align="center" style={{ height: '100%' }} gap={16}>
            <Flex align="center" gap={8} style={{ minWidth: 0 }}>
              <Button
                type="text"
                icon={menuFolded ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
                aria-label={t(menuFolded ? 'layout.unfoldMenu' : 'layout.foldMenu')}
                title={t(menuFolded ? 'layout.unfoldMenu' : 'layout.foldMenu')}
                onClick={() => setPreferences({ menuFolded: !menuFolded })}
                data-testid="menu-fold"
              />
              <strong data-testid="header-tenant" data-user-data style={{ whiteSpace: 'nowrap' }}>
                {tenantName}
              </strong>
            </Flex>
            <Flex align="center" gap={16}>
              <Segmented<Density>
                size="small"
                aria-label={t('layout.density')}
                value={density}
                onChange={(value) => setPreferences({ density: value })}
                options={[
                  { value: 'standard', label: t('layout.standard') },
                  { value: 'compact', label: t('layout.compact') },
                ]}
                data-testid="density"
              />
              <span data-testid="header-user">
                <UserOutlined /> <span data-user-data>{user?.realName || user?.account}</span>
              </span>
              {level && (
                <Tag color="blue" data-testid="header-role" style={{ marginInlineEnd: 0 }}>
                  {t(ROLE_TEXT[level])}
                </Tag>
              )}
              <LanguageSwitch />
              <Button icon={<LogoutOutlined />} onClick={signOut}>
                {t('auth.signOut')}
              </Button>
            </Flex>
          </Flex>
        </Layout.Header>
        <Layout.Content style={{ padding: 24, minWidth: 0 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
