/** The salary screen's query key and the content type a loaded file is sent with. */
export const SALARY_KEY = ['admin-salary'] as const;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The server reads text/csv, the XLSX type, or octet-stream (it looks at the bytes either way). */
export const fileType = (file: File): string =>
  /\.xlsx$/i.test(file.name) ? XLSX : /\.csv$/i.test(file.name) ? 'text/csv' : 'application/octet-stream';
