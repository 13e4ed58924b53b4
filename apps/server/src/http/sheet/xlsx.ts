/**
 * An XLSX read as a stream (issue 23): the zip's directory is checked first (zip.ts), then the
 * workbook's small parts (which sheet is shown, its styles' date formats, the shared strings) and the
 * sheet's own <dimension>, so a sheet reaching past the limits is refused before any cell is built.
 * The worksheet itself is parsed as it inflates: each row is handed on when its </row> closes, so
 * memory holds the shared strings and a row, not the sheet; a cell past the limits stops the reading.
 * What a cell reads as is what exceljs answered before, but numbers as Excel shows them (15 significant
 * digits, then as JavaScript writes them) and noted as numbers; dates
 * (date-formatted numbers) as YYYY-MM-DD, rich text joined, formulas by their cached result.
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import {
  cellAddress,
  columnName,
  excelNumberText,
  normaliseCell,
  type MergedRange,
  type SheetLimits,
  type SheetRow,
} from './types';
import { entryHead, FileRefused, inflateEntry, readZipDirectory, type ZipEntry } from './zip';

/** Parts held whole: what each may unpack to (the worksheet is streamed and has the zip's limit). */
const PART_BYTES = { index: 1024 * 1024, styles: 16 * 1024 * 1024, sharedStrings: 64 * 1024 * 1024 };
/** Excel's own limit of characters in one cell. */
const CELL_CHARS = 32_767;
/** Merged ranges kept per sheet (a problem needs only the first of a row). */
const MAX_MERGES = 10_000;

const unreadable = () => new FileRefused('salary.fileUnreadable');
const unsafe = () => new FileRefused('imports.zipUnsafe');

interface XmlHandlers {
  open?(name: string, attributes: Record<string, string>, selfClosing: boolean): void;
  text?(text: string): void;
  close?(name: string): void;
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** Streams the entry through a SAX parser; element names without their namespace prefix. */
async function parseXml(file: Buffer, entry: ZipEntry, max: number, on: XmlHandlers): Promise<void> {
  const parser = new SaxesParser();
  parser.on('error', () => {
    throw unreadable();
  });
  if (on.open)
    parser.on('opentag', (tag: SaxesTagPlain) =>
      on.open!(localName(tag.name), tag.attributes as Record<string, string>, tag.isSelfClosing),
    );
  if (on.text) parser.on('text', on.text);
  if (on.close) parser.on('closetag', (tag) => on.close!(localName(tag.name)));
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of inflateEntry(file, entry, max)) {
    parser.write(decoder.decode(chunk, { stream: true }));
  }
  parser.write(decoder.decode());
  parser.close();
}

/** The parts of a workbook the reader needs, found through workbook.xml and its relationships. */
interface Book {
  file: Buffer;
  sheet: ZipEntry;
  sharedStrings?: ZipEntry;
  styles?: ZipEntry;
  date1904: boolean;
}

function part(entries: Map<string, ZipEntry>, name: string, max: number): ZipEntry | undefined {
  const entry = entries.get(name);
  if (entry && entry.size > max) throw unsafe();
  return entry;
}

/**
 * The zip's directory checked, and the sheet a clerk sees on opening the workbook: the active tab
 * (workbook.xml's bookViews) when it is visible, else the first visible sheet in the workbook's order.
 * A hidden or very hidden sheet is never read (issue 23: a hidden first sheet was imported).
 */
async function openBook(file: Buffer): Promise<Book> {
  const entries = readZipDirectory(file);
  const workbook = part(entries, 'xl/workbook.xml', PART_BYTES.index);
  const rels = part(entries, 'xl/_rels/workbook.xml.rels', PART_BYTES.index);
  let date1904 = false;
  let activeTab = 0;
  const sheets: { rel: string; visible: boolean }[] = [];
  if (workbook)
    await parseXml(file, workbook, PART_BYTES.index, {
      open(name, attributes) {
        if (name === 'workbookPr') date1904 = attributes.date1904 === '1' || attributes.date1904 === 'true';
        if (name === 'workbookView' && attributes.activeTab !== undefined)
          activeTab = Number(attributes.activeTab) || 0;
        if (name === 'sheet')
          sheets.push({
            rel: attributes['r:id'] ?? '',
            visible: attributes.state === undefined || attributes.state === 'visible',
          });
      },
    });
  const active = sheets[activeTab]?.visible ? sheets[activeTab] : sheets.find((s) => s.visible);
  if (sheets.length > 0 && !active) throw unreadable();
  let target: string | undefined;
  if (rels && active)
    await parseXml(file, rels, PART_BYTES.index, {
      open(name, attributes) {
        if (name === 'Relationship' && attributes.Id === active.rel) target = attributes.Target;
      },
    });
  const sheetName = target
    ? target.startsWith('/')
      ? target.slice(1)
      : `xl/${target}`
    : sheets.length > 0
      ? undefined
      : [...entries.keys()]
          .filter((name) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name))
          .sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]))[0];
  const sheet = sheetName ? entries.get(sheetName) : undefined;
  if (!sheet) throw unreadable();
  return {
    file,
    sheet,
    sharedStrings: part(entries, 'xl/sharedStrings.xml', PART_BYTES.sharedStrings),
    styles: part(entries, 'xl/styles.xml', PART_BYTES.styles),
    date1904,
  };
}

const tooLarge = (ref: string, limits: SheetLimits) =>
  new FileRefused('imports.sheetTooLarge', {
    cell: ref,
    rows: limits.maxRows,
    cols: limits.maxColumns,
  });

/** A cell beyond the last line (header + maxRows) or the last column refuses the sheet. */
function checkReach(row: number, col: number, limits: SheetLimits): void {
  if (row > limits.maxRows + 1 || col > limits.maxColumns) throw tooLarge(`${columnName(col)}${row}`, limits);
}

/**
 * The limits a file can be refused by before any cell is read: the zip's directory, the sizes of the
 * parts held whole, and the sheet's declared <dimension>. Cheap (reads a few KB): run where the file
 * is received, so a refused file never becomes a job.
 */
export async function checkXlsx(file: Buffer, limits: SheetLimits): Promise<void> {
  const book = await openBook(file);
  const dimension = /<(?:\w+:)?dimension\s+ref="([^"]+)"/.exec(entryHead(file, book.sheet));
  if (!dimension) return;
  const last = dimension[1]!.split(':').pop()!;
  const at = cellAddress(last);
  if (at && (at.row > limits.maxRows + 1 || at.col > limits.maxColumns)) throw tooLarge(last, limits);
}

/** Built-in number formats that are dates or times (exceljs' table: 14–22, 45–47). */
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);
/** exceljs' rule: a format with y, m, d, h, s or b outside quotes and brackets shows a date. */
const isDateFormat = (code: string) =>
  /[ymdhMsb]/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));

/** Which cell styles (index into cellXfs) show a date. */
async function dateStyles(book: Book): Promise<Set<number>> {
  const dates = new Set<number>();
  if (!book.styles) return dates;
  const custom = new Map<number, string>();
  let inCellXfs = false;
  let index = 0;
  await parseXml(book.file, book.styles, PART_BYTES.styles, {
    open(name, attributes) {
      if (name === 'numFmt') custom.set(Number(attributes.numFmtId), attributes.formatCode ?? '');
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) {
        const id = Number(attributes.numFmtId ?? 0);
        const code = custom.get(id);
        if (code !== undefined ? isDateFormat(code) : DATE_FORMAT_IDS.has(id)) dates.add(index);
        index++;
      }
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return dates;
}

/** The shared strings, rich text joined, phonetic runs left out. */
async function sharedStrings(book: Book): Promise<string[]> {
  const strings: string[] = [];
  if (!book.sharedStrings) return strings;
  let text = '';
  let inText = false;
  let phonetic = 0;
  await parseXml(book.file, book.sharedStrings, PART_BYTES.sharedStrings, {
    open(name, _attributes, selfClosing) {
      if (name === 'si') text = '';
      else if (name === 'rPh') phonetic++;
      else if (name === 't' && !selfClosing) inText = phonetic === 0;
    },
    text(chunk) {
      if (!inText) return;
      text += chunk;
      if (text.length > CELL_CHARS) throw unreadable();
    },
    close(name) {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic--;
      else if (name === 'si') strings.push(text);
    },
  });
  return strings;
}

/** Excel's day number -> YYYY-MM-DD (as exceljs turned date cells into Dates). */
function excelDate(serial: number, date1904: boolean): string {
  const date = new Date(Math.round((serial - 25_569 + (date1904 ? 1462 : 0)) * 86_400_000));
  return Number.isNaN(date.getTime()) ? String(serial) : date.toISOString().slice(0, 10);
}

/**
 * Reads the active visible sheet (openBook), handing on each row with a cell as its </row> closes. Refuses the file
 * (FileRefused) past the zip's or the sheet's limits. Answers the merged ranges (they follow the rows
 * in the file).
 */
export async function readXlsx(
  file: Buffer,
  limits: SheetLimits,
  on: {
    /** The sheet's declared last row, when it says (a progress bar's total); before any row. */
    total(rows: number): void;
    row(row: SheetRow): void;
  },
): Promise<MergedRange[]> {
  const book = await openBook(file);
  const head = /<(?:\w+:)?dimension\s+ref="([^"]+)"/.exec(entryHead(file, book.sheet));
  const declared = head ? cellAddress(head[1]!.split(':').pop()!) : null;
  if (declared) checkReach(declared.row, declared.col, limits);
  on.total(declared?.row ?? 0);
  const dates = await dateStyles(book);
  const strings = await sharedStrings(book);

  const merges: MergedRange[] = [];
  let line = 0;
  let rowsSeen = 0;
  let cells: string[] = [];
  let formulas: number[] = [];
  let numbers: number[] = [];
  let col = 0;
  let cell: { type: string; style: number; formula: boolean; value: string; inline: string } | null = null;
  /** What text goes to: the cell's <v>, its inline string's <t>, or nothing. */
  let into: 'value' | 'inline' | null = null;
  let phonetic = 0;

  /** A cell the file holds as a number that is not shown as a date. */
  const isNumberCell = (c: NonNullable<typeof cell>) =>
    c.type === 'n' && c.value !== '' && !dates.has(c.style);

  const cellText = (c: NonNullable<typeof cell>): string => {
    switch (c.type) {
      case 's':
        return strings[Number(c.value)] ?? '';
      case 'inlineStr':
        return c.inline;
      case 'str':
        return c.value;
      case 'b':
        return c.value === '' ? '' : Number(c.value) !== 0 ? 'true' : 'false';
      case 'e':
        return '';
      case 'd': {
        const date = new Date(c.value);
        return Number.isNaN(date.getTime()) ? c.value : date.toISOString().slice(0, 10);
      }
      default: {
        if (c.value === '') return '';
        const n = parseFloat(c.value);
        if (dates.has(c.style) && Number.isFinite(n)) return excelDate(n, book.date1904);
        return Number.isFinite(n) ? excelNumberText(n) : String(n);
      }
    }
  };

  await parseXml(file, book.sheet, book.sheet.size, {
    open(name, attributes, selfClosing) {
      switch (name) {
        case 'row': {
          line = attributes.r ? Number(attributes.r) : line + 1;
          if (!Number.isSafeInteger(line) || line < 1) throw unreadable();
          cells = [];
          formulas = [];
          numbers = [];
          col = 0;
          break;
        }
        case 'c': {
          const at = attributes.r ? cellAddress(attributes.r) : { row: line, col: col + 1 };
          if (!at) throw unreadable();
          checkReach(at.row, at.col, limits);
          col = at.col;
          cell = {
            type: attributes.t ?? 'n',
            style: Number(attributes.s ?? 0),
            formula: false,
            value: '',
            inline: '',
          };
          break;
        }
        case 'f':
          if (cell) cell.formula = true;
          break;
        case 'v':
          if (cell && !selfClosing) into = 'value';
          break;
        case 'rPh':
          phonetic++;
          break;
        case 't':
          if (cell && !selfClosing && phonetic === 0) into = 'inline';
          break;
        case 'mergeCell': {
          const [from, to] = (attributes.ref ?? '').split(':');
          const a = from ? cellAddress(from) : null;
          const b = to ? cellAddress(to) : a;
          if (a && b && merges.length < MAX_MERGES)
            merges.push({ top: a.row, left: a.col, bottom: b.row, right: b.col });
          break;
        }
      }
    },
    text(chunk) {
      if (!cell || into === null) return;
      if (into === 'value') cell.value += chunk;
      else cell.inline += chunk;
      if (cell.value.length + cell.inline.length > CELL_CHARS) throw unreadable();
    },
    close(name) {
      switch (name) {
        case 'v':
        case 't':
          into = null;
          break;
        case 'rPh':
          phonetic--;
          break;
        case 'c':
          if (!cell) break;
          while (cells.length < col - 1) cells.push('');
          cells[col - 1] = normaliseCell(cellText(cell));
          if (cell.formula) formulas.push(col - 1);
          else if (isNumberCell(cell)) numbers.push(col - 1);
          cell = null;
          into = null;
          break;
        case 'row':
          if (cells.length === 0) break;
          // Rows without a number repeated, or out of order, are still rows: counted all the same.
          if (++rowsSeen > limits.maxRows + 1) throw new FileRefused('imports.tooManyRows');
          on.row({ line, cells, formulas, ...(numbers.length ? { numbers } : {}) });
          break;
      }
    },
  }).catch((err: unknown) => {
    throw err instanceof FileRefused ? err : unreadable();
  });
  return merges;
}
