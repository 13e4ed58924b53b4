import { describe, expect, it } from 'vitest';
import { visibleTabs } from './tab-bar';

describe('tab bar', () => {
  it('hides Orders and Mine when account_disableUserCenter is 1', () => {
    expect(visibleTabs({ account_disableUserCenter: '1' })).toEqual(['home']);
    expect(visibleTabs({ account_disableUserCenter: '0' })).toEqual(['home', 'order', 'user']);
    expect(visibleTabs(undefined)).toEqual(['home', 'order', 'user']);
  });
});
