import { describe, expect, it } from 'vitest';
import { fenInChineseCapitals } from './chinese-amount';

describe('fenInChineseCapitals', () => {
  it.each([
    [0, '零元整'],
    [1, '壹分'],
    [50, '伍角整'],
    [100, '壹元整'],
    [1000, '壹拾元整'],
    [10_000, '壹佰元整'],
    [105, '壹元零伍分'],
    [32_504, '叁佰贰拾伍元零肆分'],
    [140_950, '壹仟肆佰零玖元伍角整'],
    [168_032, '壹仟陆佰捌拾元叁角贰分'],
    [101_010, '壹仟零壹拾元壹角整'],
    [10_000_000, '壹拾万元整'],
    [10_001_000, '壹拾万零壹拾元整'],
    [10_100_000, '壹拾万壹仟元整'],
    [10_010_000, '壹拾万零壹佰元整'],
    [10_000_000_000, '壹亿元整'],
    [10_000_000_100, '壹亿零壹元整'],
    [10_000_100_000, '壹亿零壹仟元整'],
    [12_345_678_912, '壹亿贰仟叁佰肆拾伍万陆仟柒佰捌拾玖元壹角贰分'],
    [Number.MAX_SAFE_INTEGER, '玖拾万零柒佰壹拾玖亿玖仟贰佰伍拾肆万柒仟肆佰零玖元玖角壹分'],
  ])('%i fen reads %s', (fen, text) => {
    expect(fenInChineseCapitals(fen)).toBe(text);
  });

  it('refuses what is not an amount in fen', () => {
    expect(() => fenInChineseCapitals(-1)).toThrow(RangeError);
    expect(() => fenInChineseCapitals(1.5)).toThrow(RangeError);
  });
});
