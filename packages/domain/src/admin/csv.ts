/**
 * CSV for a French spreadsheet: UTF-8 with a byte-order mark (so accents are
 * read right), semicolons between fields, CRLF between rows, and a field
 * quoted when it holds a semicolon, a quote or a line break (quotes doubled).
 */
export const CSV_BOM = '\uFEFF';

export function csvField(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
  const lines = [header, ...rows].map((row) => row.map(csvField).join(';'));
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}
