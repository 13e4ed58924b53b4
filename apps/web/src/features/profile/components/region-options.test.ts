import { describe, expect, it } from 'vitest';
import { loadRegionOptions } from './region-options';

describe('region options', () => {
  it('are every province with its cities (districts for municipalities)', async () => {
    const provinces = await loadRegionOptions();
    expect(provinces.length).toBeGreaterThanOrEqual(31);
    const beijing = provinces.find((p) => p.value === '北京市');
    expect(beijing?.children?.map((c) => c.value)).toContain('海淀区');
    const jiangsu = provinces.find((p) => p.value === '江苏省');
    expect(jiangsu?.children?.map((c) => c.value)).toContain('南京市');
    for (const province of provinces) expect(province.children?.length, province.value).toBeGreaterThan(0);
  });
});
