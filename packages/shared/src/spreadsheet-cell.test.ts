import { describe, expect, it } from 'vitest';
import { sheetCell, sheetRow, sheetText } from './spreadsheet-cell';

describe('spreadsheet cells the server writes', () => {
  it('puts an apostrophe before text a spreadsheet would run', () => {
    for (const text of ["=cmd|' /C calc'!A0", '+A1', '-A1+1', '@SUM(A1)', '\t=1', '\r=1', '=1+1'])
      expect(sheetText(text)).toBe(`'${text}`);
  });

  it('leaves other text, plain signed numbers and non-text values as they are', () => {
    for (const text of ['张三', 'a=b', '', '-5', '+86', '-1.50', "'=already"])
      expect(sheetText(text)).toBe(text);
    const when = new Date(0);
    expect(sheetRow([-5, 3.3, null, when, '=1'])).toEqual([-5, 3.3, null, when, "'=1"]);
    expect(sheetCell(-12.5)).toBe(-12.5);
  });
});
