/**
 * Reading typed values out of a row's cells: choices (Chinese or English words), whole numbers, yuan
 * (to fen), dates (also as Excel serial numbers), school years, phones, ID numbers. Each reader
 * records its own problem and answers null; cells are already trimmed and full-width digits made
 * ASCII by the file reader (../salary/import-file.ts).
 */
import { idCardCheckOk, isCalendarDate, isMainlandIdCard, isPhone } from '@cf/shared/validation';
import { normaliseDate, yuanToFen } from '../salary/import-rules';
import type { TableRow } from './table';

/** Word -> value; the first word of each value is the one the template shows. */
export type Choices<V extends string | number | boolean> = readonly (readonly [string, V])[];

export function choice<K extends string, V extends string | number | boolean>(
  row: TableRow<K>,
  key: K,
  choices: Choices<V>,
  fallback?: V,
): V | null {
  const text = fallback === undefined ? row.required(key) : row.text(key);
  if (text === null) return null;
  if (text === '' && fallback !== undefined) return fallback;
  const word = text.toLowerCase();
  const found = choices.find(([w]) => w.toLowerCase() === word);
  if (found) return found[1];
  const words = [...new Set(choices.map(([w]) => w))];
  const ascii = (w: string) => /^[\x20-\x7e]+$/.test(w);
  row.problem(key, 'imports.choiceInvalid', {
    choices: words.filter((w) => !ascii(w)).join('、') || words.join('、'),
    choicesEn: words.filter(ascii).join(', '),
  });
  return null;
}

export function wholeNumber<K extends string>(
  row: TableRow<K>,
  key: K,
  min: number,
  max: number,
): number | null | undefined {
  const text = row.text(key);
  if (text === '') return undefined;
  const n = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
  if (Number.isInteger(n) && n >= min && n <= max) return n;
  row.problem(key, 'imports.numberInvalid', { min, max });
  return null;
}

/** Yuan (at most two decimals) -> fen; undefined when empty and not required. */
export function fen<K extends string>(
  row: TableRow<K>,
  key: K,
  required: boolean,
): number | null | undefined {
  const text = required ? row.required(key) : row.text(key);
  if (text === null) return null;
  if (text === '') return undefined;
  const value = yuanToFen(text);
  if (value === null) row.problem(key, 'salary.amountInvalid', { value: text.slice(0, 40) });
  return value;
}

/** Days between Excel's day 0 (1899-12-30, counting its 1900 leap-year bug) and 1970-01-01. */
const EXCEL_EPOCH_DAYS = 25_569;

/** An Excel serial day number (a date cell whose format was lost) -> YYYY-MM-DD, for 1927–2173. */
export function serialDate(text: string): string | null {
  if (!/^\d{5}(\.\d+)?$/.test(text)) return null;
  const days = Math.floor(Number(text));
  return new Date((days - EXCEL_EPOCH_DAYS) * 86_400_000).toISOString().slice(0, 10);
}

export function date<K extends string>(row: TableRow<K>, key: K): string | null | undefined {
  const text = row.text(key);
  if (text === '') return undefined;
  const value =
    normaliseDate(text) ?? serialDate(text) ?? normaliseDate(text.replace(/[年月]/g, '-').replace(/日$/, ''));
  if (value !== null && isCalendarDate(value)) return value;
  row.problem(key, 'salary.dateInvalid', { value: text.slice(0, 40) });
  return null;
}

export function schoolYear<K extends string>(row: TableRow<K>, key: K, required: boolean): string | null {
  const text = required ? row.required(key) : row.text(key);
  if (text === null || text === '') return text === '' ? '' : null;
  const match = /^(\d{4})\s*[-/~至]\s*(\d{4})$/.exec(text);
  if (match && Number(match[2]) === Number(match[1]) + 1) return `${match[1]}-${match[2]}`;
  row.problem(key, 'imports.schoolYearInvalid');
  return null;
}

export function phone<K extends string>(row: TableRow<K>, key: K): string | null | undefined {
  const text = row.text(key).replace(/[\s-]/g, '');
  if (text === '') return undefined;
  if (isPhone(text)) return text;
  row.problem(key, 'imports.phoneInvalid');
  return null;
}

/** Document types (spec §3: 1 = mainland ID card, 2 = other document), as a file may write them. */
export const ID_TYPES: Choices<1 | 2> = [
  ['身份证', 1],
  ['其他证件', 2],
  ['1', 1],
  ['2', 2],
  ['其他', 2],
  ['idcard', 1],
  ['other', 2],
];

/**
 * An ID number, x made X. A mainland one (idType 1) has 15 or 18 characters, the spec's rule (§5, §9)
 * and the bind form's (`isMainlandIdCard`), so whoever is loaded can bind, and an 18-character one
 * ends in its check character (GB 11643, `idCardCheckOk`); another document at most 40.
 * `mainland` null: the document type is unknown (its own problem); the number is only required.
 */
export function idNumber<K extends string>(
  row: TableRow<K>,
  key: K,
  mainland: boolean | null,
): string | null {
  const text = row.required(key);
  if (text === null) return null;
  const value = text.toUpperCase();
  // An unknown document type (null) is the type cell's problem: the number is not judged by it.
  if (mainland === null) return null;
  if (!mainland) return limited(row, key, value, 40);
  if (!isMainlandIdCard(value)) {
    row.problem(key, 'imports.idCardInvalid');
    return null;
  }
  // Its check character too (issue 23): a typo in a loaded ID keeps its holder from binding.
  if (idCardCheckOk(value)) return value;
  row.problem(key, 'imports.idCardCheck');
  return null;
}

/** Text of at most `max` characters (a longer one is a problem). */
export function limited<K extends string>(
  row: TableRow<K>,
  key: K,
  value: string,
  max: number,
): string | null {
  if (value.length <= max) return value;
  row.problem(key, 'imports.tooLong', { max });
  return null;
}
