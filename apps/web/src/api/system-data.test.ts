import { describe, expect, it } from 'vitest';
import { flowRoutesOf } from './get-flow-dictionary';
import { normalizeModules } from './get-mobile-modules';

describe('tenant data shapes', () => {
  it('enabled modules come as a list or a comma string', () => {
    expect(normalizeModules(['fee', 'order'])).toEqual(['fee', 'order']);
    expect(normalizeModules('fee, feeOther ,order,')).toEqual(['fee', 'feeOther', 'order']);
    expect(normalizeModules(null)).toEqual([]);
    expect(normalizeModules('')).toEqual([]);
  });

  it('the flow dictionary maps code_dictKey to the route named in remark', () => {
    expect(
      flowRoutesOf([
        { code: 'flow', dictKey: 'fee', remark: 'fee' },
        { code: 'flow', dictKey: 'notice', remark: 'noticeList' },
        { code: 'flow', dictKey: 'blank' },
      ]),
    ).toEqual({ flow_fee: 'fee', flow_notice: 'noticeList' });
  });
});
