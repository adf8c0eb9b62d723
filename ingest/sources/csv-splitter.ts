/**
 * Splits CSV text, fed in chunks as it streams, into records of fields, each with the
 * file's physical line where it ends (a quoted field may hold newlines). The city's
 * exports need only this much of CSV, and a scan by indexOf is several times cheaper than
 * a general parser's per-character option checks (csv-parse was a third of the ingest's
 * reading CPU). It reads as csv-parse did with `bom`, `relax_quotes`,
 * `relax_column_count` and `skip_empty_lines`:
 *
 * - records end at `\n` or `\r\n`, or at `\r` in a file whose first line ends so (a
 *   spreadsheet's export); empty lines are skipped; a byte-order mark is dropped;
 * - a field opening with `"` is quoted: `""` inside it is one quote, and it may span lines;
 * - a quote anywhere else in a field is part of the value (DOB writes
 *   `NO EVIDENCE OF "ERODING BRICK"` unescaped), and a quoted field whose closing quote is
 *   followed by anything but a delimiter is read as written, its quotes kept;
 * - a quote still open at the end of the text makes its record unreadable, reported with
 *   the last line; every record keeps its own field count (the reader checks it).
 */

const COMMA = 44;
const QUOTE = 34;
const NEWLINE = 10;
const RETURN = 13;

export interface CsvRecordSink {
  record(fields: string[], line: number): void;
  unreadable(reason: string, line: number): void;
}

export class CsvSplitter {
  /** Text not yet split: the start of a record whose end has not arrived. */
  private rest = '';
  /** The physical line `rest` starts on. */
  private line = 1;
  private started = false;
  /** Whether lines end at a lone `\r`: known at the first line's end. */
  private returnsOnly: boolean | undefined;

  constructor(private readonly sink: CsvRecordSink) {}

  push(chunk: string): void {
    if (this.returnsOnly === undefined) {
      const lineEnd = (this.rest + chunk).search(/\r\n|\r(?!$)|\n/);
      if (lineEnd !== -1) this.returnsOnly = /^\r[^\n]/.test((this.rest + chunk).slice(lineEnd, lineEnd + 2));
      if (this.returnsOnly) this.rest = this.rest.replace(/\r/g, '\n');
    }
    if (this.returnsOnly) chunk = chunk.replace(/\r/g, '\n');
    let text = this.rest + chunk;
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    this.rest = text.slice(this.split(text, false));
  }

  /** The text has ended: its last record needs no newline; an open quote is reported. */
  end(): void {
    const text = this.rest;
    this.rest = '';
    this.split(text, true);
  }

  /** Emits every complete record of `text`; returns where the first incomplete one starts. */
  private split(text: string, final: boolean): number {
    const length = text.length;
    let position = 0;
    while (position < length) {
      const first = text.charCodeAt(position);
      if (first === NEWLINE) {
        position += 1;
        this.line += 1;
        continue;
      }
      if (first === RETURN && text.charCodeAt(position + 1) === NEWLINE) {
        position += 2;
        this.line += 1;
        continue;
      }
      const end = this.splitRecord(text, position, final);
      if (end < 0) return position;
      position = end;
    }
    return position;
  }

  /**
   * One record from `start`: emits it and returns the position after its newline, or -1
   * when the text ends first (more may arrive).
   */
  private splitRecord(text: string, start: number, final: boolean): number {
    const length = text.length;
    const fields: string[] = [];
    let line = this.line;
    let position = start;
    let lineEnd = text.indexOf('\n', position);
    for (;;) {
      if (text.charCodeAt(position) !== QUOTE) {
        // Unquoted: up to the next comma on this line, or the line's end.
        const comma = text.indexOf(',', position);
        if (comma !== -1 && (comma < lineEnd || lineEnd === -1)) {
          fields.push(text.slice(position, comma));
          position = comma + 1;
          continue;
        }
        if (lineEnd === -1) {
          if (!final) return -1;
          fields.push(text.slice(position));
          return this.emit(fields, line, length);
        }
        fields.push(text.slice(position, text.charCodeAt(lineEnd - 1) === RETURN && lineEnd - 1 >= position ? lineEnd - 1 : lineEnd));
        return this.emit(fields, line, lineEnd + 1);
      }
      // Quoted: up to a closing quote (a doubled one is a quote of the value).
      let value = '';
      let from = position + 1;
      for (;;) {
        const quote = text.indexOf('"', from);
        if (quote === -1) {
          if (!final) return -1;
          line += countNewlines(text, from, length);
          const last = text.charCodeAt(length - 1) === NEWLINE ? line - 1 : line;
          this.line = line;
          this.sink.unreadable('quote not closed at the end of the file', last);
          return length;
        }
        line += countNewlines(text, from, quote);
        if (quote + 1 >= length && !final) return -1;
        const after = text.charCodeAt(quote + 1);
        if (after === QUOTE) {
          value += text.slice(from, quote + 1);
          from = quote + 2;
          continue;
        }
        value += text.slice(from, quote);
        position = quote + 1;
        if (after === COMMA) {
          fields.push(value);
          position += 1;
          lineEnd = text.indexOf('\n', position);
          break;
        }
        if (quote + 1 >= length) {
          fields.push(value);
          return this.emit(fields, line, length);
        }
        if (after === NEWLINE || (after === RETURN && text.charCodeAt(quote + 2) === NEWLINE)) {
          fields.push(value);
          return this.emit(fields, line, after === NEWLINE ? quote + 2 : quote + 3);
        }
        if (after === RETURN && quote + 2 >= length && !final) return -1;
        // Not a closing quote after all: the field reads as written, up to the next comma or line end.
        lineEnd = text.indexOf('\n', position);
        const comma = text.indexOf(',', position);
        const stop = comma !== -1 && (comma < lineEnd || lineEnd === -1) ? comma : lineEnd;
        if (stop === -1 && !final) return -1;
        const fieldEnd = stop === -1 ? length : stop === lineEnd && text.charCodeAt(stop - 1) === RETURN ? stop - 1 : stop;
        fields.push(`"${value}${text.slice(position - 1, fieldEnd)}`);
        if (stop === comma && comma !== -1) {
          position = comma + 1;
          break;
        }
        return this.emit(fields, line, stop === -1 ? length : stop + 1);
      }
    }
  }

  private emit(fields: string[], line: number, next: number): number {
    this.sink.record(fields, line);
    this.line = line + 1;
    return next;
  }
}

function countNewlines(text: string, from: number, to: number): number {
  let count = 0;
  for (let at = text.indexOf('\n', from); at !== -1 && at < to; at = text.indexOf('\n', at + 1)) count += 1;
  return count;
}
