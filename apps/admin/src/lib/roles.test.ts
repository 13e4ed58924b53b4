import { describe, expect, it } from 'vitest';
import { allows, roleLevel } from './roles';

describe('role levels', () => {
  it('takes the highest finance role and ignores the others', () => {
    expect(roleLevel([{ roleAlias: 'student' }])).toBeUndefined();
    expect(roleLevel([])).toBeUndefined();
    expect(roleLevel([{ roleAlias: 'finance' }])).toBe('clerk');
    expect(roleLevel([{ roleAlias: 'finance' }, { roleAlias: 'finance_manager' }])).toBe('manager');
    expect(roleLevel([{ roleAlias: 'admin' }, { roleAlias: 'finance' }])).toBe('admin');
  });

  it('lets a level do what the levels below it do', () => {
    expect(allows('clerk', 'clerk')).toBe(true);
    expect(allows('clerk', 'manager')).toBe(false);
    expect(allows('manager', 'manager')).toBe(true);
    expect(allows('manager', 'admin')).toBe(false);
    expect(allows('admin', 'manager')).toBe(true);
    expect(allows(undefined, 'clerk')).toBe(false);
  });
});
