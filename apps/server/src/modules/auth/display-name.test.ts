import { describe, expect, it } from 'vitest';
import { displayName } from './subject';

type UserRow = Parameters<typeof displayName>[0];

describe('displayName (the token’s nick_name, the name home greets)', () => {
  it('is the bound name, not the WeChat nickname the binding kept', () => {
    expect(displayName({ realName: '李四', nickName: '微信昵称', account: 'S2024002' } as UserRow)).toBe(
      '李四',
    );
  });
  it('falls back to the nickname, then the account', () => {
    expect(displayName({ realName: '', nickName: 'Nick', account: 'a1' } as UserRow)).toBe('Nick');
    expect(displayName({ realName: '', nickName: '', account: 'a1' } as UserRow)).toBe('a1');
  });
});
