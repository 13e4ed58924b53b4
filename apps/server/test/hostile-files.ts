/**
 * Hostile spreadsheets built byte by byte (issue 23), small enough for a test: a zip writer that can
 * lie in its directory, a minimal XLSX around a sheet, and the files that once stopped the server —
 * a cell at XFD1048576, shared strings that inflate a thousandfold, a zip of 100,000 entries.
 */
import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipPart {
  name: string;
  data: Buffer | string;
  /** Stored (0) or deflated (8, the default). */
  method?: 0 | 8;
  /** What the directory says it unpacks to (a lie when it differs from the data). */
  declaredSize?: number;
}

/** A zip of the parts; `declaredEntries` is the count the end record gives (default: the real one). */
export function zipOf(parts: ZipPart[], declaredEntries?: number): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const data = Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data);
    const method = part.method ?? 8;
    const packed = method === 8 ? deflateRawSync(data) : data;
    const name = Buffer.from(part.name);
    const size = part.declaredSize ?? data.length;
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  const count = Math.min(declaredEntries ?? parts.length, 0xffff);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const REL_NS = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

/** A minimal XLSX: one sheet (its XML whole), and shared strings when given. */
export function xlsxOf(
  sheetXml: string,
  sharedStrings?: Omit<ZipPart, 'name'>,
  extra: ZipPart[] = [],
): Buffer {
  return zipOf([
    {
      name: '[Content_Types].xml',
      data:
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '</Types>',
    },
    {
      name: '_rels/.rels',
      data:
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
        '</Relationships>',
    },
    {
      name: 'xl/workbook.xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><workbook ${NS} ${REL_NS}><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data:
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
        '</Relationships>',
    },
    { name: 'xl/worksheets/sheet1.xml', data: sheetXml },
    ...(sharedStrings ? [{ name: 'xl/sharedStrings.xml', ...sharedStrings }] : []),
    ...extra,
  ]);
}

const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

/** A sheet of inline-string rows (each an array of [ref, text]), with a <dimension> when given. */
export function sheetXml(rows: [number, [string, string][]][], dimension?: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?><worksheet ${NS}>` +
    (dimension ? `<dimension ref="${dimension}"/>` : '') +
    '<sheetData>' +
    rows
      .map(([r, cells]) => `<row r="${r}">${cells.map(([ref, t]) => inline(ref, t)).join('')}</row>`)
      .join('') +
    '</sheetData></worksheet>'
  );
}

/** The people import's header row, as inline strings in row 1. */
const PEOPLE_HEADER: [string, string][] = [
  '人员类型',
  '学号/工号',
  '姓名',
  '证件类型',
  '证件号码',
  '入学年份',
].map((h, i) => [`${String.fromCharCode(65 + i)}1`, h]);

/** The header row plus one inline-string cell at XFD1048576 (the 1.6 KB file of issue 23). */
export const farCellXlsx = (withDimension = true): Buffer =>
  xlsxOf(
    sheetXml(
      [
        [1, PEOPLE_HEADER],
        [1_048_576, [['XFD1048576', 'x']]],
      ],
      withDimension ? 'A1:XFD1048576' : undefined,
    ),
  );

/**
 * Shared strings that inflate from a few KB to `mb` MB (one string of zeros): refused by the
 * directory's ratio, or, when the directory lies about the size, while inflating.
 */
export function sharedStringsBomb(mb = 4, lie = false): Buffer {
  const body = Buffer.alloc(mb * 1024 * 1024, 0x30);
  const data = Buffer.concat([Buffer.from(`<sst ${NS}><si><t>`), body, Buffer.from('</t></si></sst>')]);
  const sheet = sheetXml([[1, PEOPLE_HEADER]], 'A1:F1');
  return xlsxOf(sheet, { data, declaredSize: lie ? 4000 : undefined });
}

/** A zip of `n` one-byte stored entries; the end record may give a smaller count than it holds. */
export function manyEntriesZip(n = 100_000, declaredEntries?: number): Buffer {
  return zipOf(
    Array.from({ length: n }, (_, i) => ({ name: `e/${i}`, data: 'x', method: 0 as const })),
    declaredEntries,
  );
}
