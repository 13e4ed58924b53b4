import { beforeEach, describe, expect, it } from 'vitest';
import { lastSchool, rememberSchool } from './last-school';

const offered = [{ tenantId: '100001' }, { tenantId: '100002' }];

describe('the school the console remembers', () => {
  beforeEach(() => window.localStorage.clear());

  it('is the last one signed in to, while it is still offered', () => {
    expect(lastSchool(offered)).toBeUndefined();
    rememberSchool('100002');
    expect(lastSchool(offered)).toBe('100002');
    expect(lastSchool([{ tenantId: '100001' }])).toBeUndefined();
  });
});
