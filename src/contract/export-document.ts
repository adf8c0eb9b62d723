import { Type } from '@sinclair/typebox';
import { standardErrors } from './components';
import { csvExportPath, type CsvColumns } from './export';
import { enumOf } from './params';
import type { Operation, Parameter, PathItem } from './types';

/**
 * How the exportable lists (export.ts) write their CSV side in the document, once for all of
 * them: the list's JSON operation answers application/json alone, so a client generated from
 * the document types its answer as a page, and its CSV export is an operation of its own,
 * GET <list path>.csv, answering text/csv (exportableList).
 */

const FORMAT_PARAM = enumOf(['json', 'csv'] as const, {
  description:
    'json (the default): one page of the list. csv: the whole list instead, as GET <this path>.csv answers it (the typed way to ask for CSV: ' +
    "this operation's responses declare JSON only). Without format, an Accept header preferring text/csv to application/json asks for csv too; " +
    'format wins over Accept.',
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

/**
 * The error answers of an exportable list, the same for its JSON and its CSV operation: the
 * standard ones, its own (extra), and the 429 of the export slots (export-slots.ts) beside the
 * daily limit's.
 */
export function exportListErrors(...extra: Array<[string, string]>): Record<string, unknown> {
  return standardErrors(
    [
      '429',
      "The key's daily limit is spent (daily_limit_exceeded), or, for a CSV export (the .csv operation, or format=csv), too many exports are running (too_many_exports): " +
        'each server runs a few CSV exports at once per mode (a quarter of its Postgres pool, 5 by default), at most half of them for one key ' +
        '(per client address for a key limited per client); the refusal comes before any row, Retry-After says when to try again. JSON pages are never refused so.',
    ],
    ...extra,
  );
}

const isFormat = (parameter: Parameter | { $ref: string }) => 'name' in parameter && parameter.name === 'format' && parameter.in === 'query';

/** What an export does with the page size: nothing, it answers every row (accepted so a page's query string works unchanged). */
function csvParameter(parameter: Parameter | { $ref: string }): Parameter | { $ref: string } {
  if (!('name' in parameter) || parameter.name !== 'limit' || parameter.in !== 'query') return parameter;
  return { ...parameter, description: 'Ignored: the export answers every row (accepted so that a page\'s query string exports unchanged).' };
}

/**
 * A cursor list's path and its CSV export's, both written from the list's one GET operation
 * (its 200 a page, pageResponse; its errors exportListErrors): the list answers JSON, and
 * `<path>.csv` the whole list as text/csv in `columns`, under the same parameters but format,
 * the same validation rules (x-unknown-parameters, x-requires, x-ordered) and the same error
 * answers. exportableRoutes (export.ts) mounts the route of the second from the list's route.
 */
export function exportableList(path: string, list: Operation, columns: CsvColumns): Record<string, PathItem> {
  const csvPath = csvExportPath(path);
  if (!list.parameters?.some(isFormat)) throw new Error(`GET ${path}: an exportable list declares exportParams (format)`);
  const { '200': page, ...errors } = list.responses;
  if (!page?.content?.['application/json']) throw new Error(`GET ${path}: an exportable list answers a JSON page`);
  const json: Operation = {
    ...list,
    description:
      `${list.description ?? ''}\n\n` +
      `CSV: GET ${csvPath} answers this whole list as text/csv and is the typed way to ask for it. format=csv, or an Accept header ` +
      'preferring text/csv, answers the same CSV here too, which the responses below leave out: they describe the JSON page alone.',
  };
  const csv: Operation = {
    ...list,
    operationId: `${list.operationId}Csv`,
    summary: `${list.summary}, as CSV`,
    description:
      `The whole list of GET ${path}, every row that matches the same filters, in the same order and scope (after the cursor when one ` +
      'is given: a cursor of the JSON pages of the same query starts the export after that page), streamed as text/csv with a header row. ' +
      `Parameters and refusals as for GET ${path}, without format; limit is ignored. Errors answer in the JSON error envelope, before any row.`,
    parameters: list.parameters.filter((parameter) => !isFormat(parameter)).map(csvParameter),
    responses: {
      '200': {
        description: 'The whole list (Content-Disposition: attachment).',
        headers: {
          'Content-Disposition': { description: 'attachment; filename="<list>.csv"', schema: { type: 'string' } },
        },
        content: {
          'text/csv': {
            schema: { type: 'string', description: `${CSV_RULES}\n\nColumns: ${columns.join(', ')}.` },
            example: `${columns.join(',')}\r\n`,
          },
        },
      },
      ...errors,
    },
  };
  return { [path]: { get: json }, [csvPath]: { get: csv } };
}
