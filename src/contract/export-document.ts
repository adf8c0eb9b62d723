import { Type } from '@sinclair/typebox';
import { pageResponse, standardErrors } from './components';
import type { CsvColumns } from './export';
import { enumOf } from './params';
import type { Schema } from './types';

/**
 * How the exportable lists (export.ts) write their CSV side in the document, once for all of
 * them: the format parameter and the text/csv content of the list's 200.
 */

const FORMAT_PARAM = enumOf(['json', 'csv'] as const, {
  description:
    'json (the default): one page of the list. csv: the whole list instead, every row that matches the same filters, in the same order, ' +
    '(after the cursor when one is given; limit is ignored), streamed as text/csv with a header row. Without format, an Accept header ' +
    'preferring text/csv to application/json asks for csv too; format wins over Accept.',
});

/** The paging parameters of an exportable list, with format; last in its parameter set (like pageParams). */
export const exportParams = { format: Type.Optional(FORMAT_PARAM) };

const CSV_RULES =
  'RFC 4180: comma-separated, CRLF between records, a field holding a comma, a double quote, CR or LF written in double quotes ' +
  '(a double quote doubled). The first record is the header: the column names below, in order. Values are written as the JSON items ' +
  'have them (money in cents, dates YYYY-MM-DD, booleans true/false); null is an empty field; a nested field is its own column, ' +
  'named by its dotted path. Values are written as the records have them, never altered for spreadsheets: a value that starts with ' +
  '=, +, - or @ is text, not a formula, only if the spreadsheet is told so on import. ' +
  'The export is streamed from the store in batches of a few thousand rows and counts as one request against the key\'s daily limit. ' +
  'An export that runs past the server limit (EXPORT_MAX_SECONDS, 15 minutes by default), whose client takes none of the answer for ' +
  'EXPORT_STALL_SECONDS (30 seconds by default) while the next chunk waits for it (a slow client that keeps reading is never cut off; ' +
  'the time the store takes to produce rows never counts), or that meets a store failure once rows are being sent, is cut off without ' +
  'the final chunk of the chunked transfer, so the client sees an incomplete download, never a short file that looks whole. ' +
  'A server runs a few exports at once (429 too_many_exports beyond them, before any row). ' +
  'Elasticsearch-backed lists (restaurant browse, contractors, the violation feed filtered by q or a circle) are read ' +
  'from one point in time of the index for the whole export; the city feeds otherwise come from Postgres in one statement (one consistent ' +
  'snapshot); a lot\'s violations and permits and a contractor\'s tickets batch by batch.';

/** A cursor list's 200: a page as JSON, or with format=csv the whole list as text/csv in these columns. */
export function exportPageResponse(item: Schema, columns: CsvColumns, description = 'OK'): Record<string, unknown> {
  const page = pageResponse(item, description);
  return {
    ...page,
    content: {
      ...page.content,
      'text/csv': {
        schema: { type: 'string', description: `${CSV_RULES}\n\nColumns: ${columns.join(', ')}.` },
        example: `${columns.join(',')}\r\n`,
      },
    },
  };
}

/**
 * The error answers of an exportable list: the standard ones, its own (extra), and the 429 of
 * the export slots (export-slots.ts) beside the daily limit's.
 */
export function exportListErrors(...extra: Array<[string, string]>): Record<string, unknown> {
  return standardErrors(
    [
      '429',
      "The key's daily limit is spent (daily_limit_exceeded), or, for format=csv, too many exports are running (too_many_exports): " +
        'each server runs a few CSV exports at once per mode (a quarter of its Postgres pool, 5 by default), at most half of them for one key ' +
        '(per client address for a key limited per client); the refusal comes before any row, Retry-After says when to try again. JSON pages are never refused so.',
    ],
    ...extra,
  );
}
