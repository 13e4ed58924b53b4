/**
 * Fills {name} placeholders; {name|one|other} writes the number with the word for its count
 * ('1 minute', '5 minutes'), so English never says '1 minutes'.
 */
export function fillParams(text: string, params?: Record<string, string | number>): string {
  if (!params) return text;
  return text.replace(
    /\{(\w+)(?:\|([^|}]*)\|([^}]*))?\}/g,
    (whole, name: string, one?: string, other?: string) => {
      const value = params[name];
      if (value === undefined) return whole;
      return one === undefined ? String(value) : `${value} ${Number(value) === 1 ? one : other}`;
    },
  );
}
