import { describe, expect, it } from 'vitest';
import { clearStore, getStore, getStoreEntry, removeStore, setStore, storeKey } from './storage';

describe('storage', () => {
  it('prefixes keys with the site key and writes {dataType, content, type, datetime}', () => {
    setStore('token-info', { a: 1 }, 'local', 1234);
    const raw = window.localStorage.getItem(storeKey('token-info'));
    expect(storeKey('token-info')).toBe('cf-token-info');
    expect(JSON.parse(raw!)).toEqual({
      dataType: 'object',
      content: { a: 1 },
      type: 'local',
      datetime: 1234,
    });
  });

  it('keeps session entries in sessionStorage and reads them back', () => {
    setStore('return-url', '/order/index', 'session');
    expect(window.sessionStorage.getItem('cf-return-url')).not.toBeNull();
    expect(window.localStorage.getItem('cf-return-url')).toBeNull();
    expect(getStore('return-url')).toBe('/order/index');
    expect(getStoreEntry('return-url')?.type).toBe('session');
  });

  it('one name lives in one area: writing to local removes the session twin', () => {
    setStore('x', 'old', 'session');
    setStore('x', 'new', 'local');
    expect(window.sessionStorage.getItem('cf-x')).toBeNull();
    expect(getStore('x')).toBe('new');
  });

  it('treats foreign or broken values as absent', () => {
    window.localStorage.setItem('cf-broken', '{not json');
    window.localStorage.setItem('cf-foreign', '"plain"');
    expect(getStore('broken')).toBeUndefined();
    expect(getStore('foreign')).toBeUndefined();
  });

  it('removes and clears only this site’s keys', () => {
    setStore('a', 1);
    setStore('b', 2, 'session');
    window.localStorage.setItem('language', 'en');
    removeStore('a');
    expect(getStore('a')).toBeUndefined();
    clearStore();
    expect(getStore('b')).toBeUndefined();
    expect(window.localStorage.getItem('language')).toBe('en');
  });
});
