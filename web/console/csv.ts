/**
 * CSV of the rows the console has loaded (RFC 4180: comma, CRLF, a field quoted when it holds
 * a quote, comma or line break, quotes doubled). A text cell a spreadsheet would run as a
 * formula (=, +, -, @ first, unless it is a number) starts with an apostrophe instead.
 */
export function toCsv<T>(columns: Array<{ header: string; value(row: T): unknown }>, rows: T[]): string {
  const lines = [columns.map((column) => field(column.header)), ...rows.map((row) => columns.map((column) => field(column.value(row))))];
  return `${lines.map((cells) => cells.join(',')).join('\r\n')}\r\n`;
}

function field(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^[+-]?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
