import { screen } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, signInAs } from '@admin/test/render';
import { ScreenGate } from './require-session';
import type { ConsoleScreen } from './screens';

const settings: ConsoleScreen = {
  path: 'settings',
  title: 'nav.system',
  icon: null,
  level: 'admin',
  page: lazy(async () => ({ default: () => <p>tenant settings</p> })),
};

describe('screen gate', () => {
  afterEach(() => vi.restoreAllMocks());

  it('refuses a clerk a screen for tenant admins, in words', async () => {
    signInAs('clerk');
    renderPage(<ScreenGate screen={settings} />);
    expect(await screen.findByText('你的角色不能使用此页面')).toBeTruthy();
    expect(screen.queryByText('tenant settings')).toBeNull();
  });

  it('opens it for a tenant admin', async () => {
    signInAs('admin');
    renderPage(<ScreenGate screen={settings} />);
    expect(await screen.findByText('tenant settings')).toBeTruthy();
  });
});
