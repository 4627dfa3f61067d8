/**
 * CSV for a French spreadsheet: UTF-8 with a byte-order mark (so accents are
 * read right), semicolons between fields, CRLF between rows, and a field
 * quoted when it holds a semicolon, a quote or a line break (quotes doubled).
 * Every text cell is neutralised first (`neutralizeCsvFormula`): the values
 * come from users (project names, cities) and the file is opened by an admin.
 */
export const CSV_BOM = '\uFEFF';

/** What makes a spreadsheet read a cell as a formula: = + - @, and their full-width forms (some locales accept them). */
const FORMULA_START = '=+\\-@\\uFF1D\\uFF0B\\uFF0D\\uFF20';
/** A cell that starts with a formula sign, maybe after spaces (an import that trims them), or with a tab or line break (OWASP). */
const FORMULA_CELL = new RegExp(`^(?:[\\t\\r\\n]|[ \\u00A0]*[${FORMULA_START}])`);
/**
 * A formula sign right after a comma, semicolon, tab or line break: a
 * spreadsheet that splits on another separator than ours (Excel in an
 * English locale splits on commas and does not honour a quote in the middle
 * of a field) starts a new cell there.
 */
const FORMULA_AFTER_SEPARATOR = new RegExp(`([,;\\t\\r\\n][ \\u00A0]*)(?=[${FORMULA_START}])`, 'g');

/**
 * The text with every place a spreadsheet could start a formula prefixed by
 * a single quote (OWASP, CSV injection), which spreadsheets read as "text"
 * and hide; the value stays readable. `=1+2` → `'=1+2`, `Vente, =1+2` →
 * `Vente, '=1+2`. Pure: the same rule for every CSV the product writes.
 */
export function neutralizeCsvFormula(text: string): string {
  const inner = text.replace(FORMULA_AFTER_SEPARATOR, "$1'");
  return FORMULA_CELL.test(inner) ? `'${inner}` : inner;
}

/** One field: text neutralised then quoted if needed; numbers are written as they are (a negative number is not a formula). */
export function csvField(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : typeof value === 'string' ? neutralizeCsvFormula(value) : String(value);
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
  const lines = [header, ...rows].map((row) => row.map(csvField).join(';'));
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}
