import { Type } from '@sinclair/typebox';
import { DATE, DATE_TIME, listResponse, nullable, ref, standardErrors } from '../../contract/components';
import { operationInput } from '../../contract/input';
import type { ApiFragment } from '../../contract/types';
import type { DatasetFacts } from '../../domain/datasets';

/** The seconds the records held of each data set are kept per process and mode (counting them is a scan of big tables). */
export const RECORDS_HELD_CACHE_SECONDS = 60;

/** Declared once: the document's parameters and the route's typed input (none: every query parameter is refused). */
export const sourcesInput = { query: Type.Object({}) };

const CADENCES = ['daily', 'weekly', 'monthly', 'quarterly', 'yearly', 'fixed'];

/** The sources' part of the document, from the registry the families declare. */
export const sourcesFragment = (datasets: readonly DatasetFacts[]): ApiFragment => ({
  schemas: {
    DataSource: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'socrataId', 'family', 'title', 'cadence', 'dropped', 'rowsHeld', 'newestRecord', 'lastSync', 'lastFullAt', 'position', 'nextRun', 'lastError'],
      properties: {
        name: { type: 'string', description: 'The data set\'s name here (the word `npm run sync` and `npm run ingest` take).' },
        socrataId: { type: ['string', 'null'], pattern: '^[a-z0-9]{4}-[a-z0-9]{4}$', description: "Its id on the city's open-data portal (data.cityofnewyork.us/resource/<id>.json); null for a file the portal does not publish, loaded by hand and never synced." },
        family: { type: 'string', enum: [...new Set(datasets.map((dataset) => dataset.family))], description: 'The part of the API its records feed.' },
        title: { type: 'string', description: 'Its title as the city publishes it.' },
        cadence: { type: 'string', enum: CADENCES, description: 'How often the city publishes it anew (fixed: a file published once).' },
        dropped: {
          type: 'string',
          enum: ['removed', 'kept'],
          description: `What a full pass does with a record the city no longer publishes: removed (it stops being served, and the change feed records what that changes) or kept. Per data set: ${datasets.map((dataset) => `${dataset.name}: ${dataset.dropped.action}, ${dataset.dropped.why}`).join('; ')}.`,
        },
        rowsHeld: { type: 'integer', minimum: 0, description: `Its records held in this mode. Counted at most once every ${RECORDS_HELD_CACHE_SECONDS} seconds per API process and mode.` },
        newestRecord: { ...nullable(DATE), description: "The newest record's own date (an inspection's, a permit's issuance...); null when none is held or its records carry no date. Counted with rowsHeld." },
        lastSync: {
          type: ['object', 'null'],
          additionalProperties: false,
          required: ['startedAt', 'finishedAt', 'full', 'rowsFetched', 'rowsApplied', 'rowsRejected', 'rowsRemoved'],
          description: 'The last sync with the portal that ended without an error; null before one.',
          properties: {
            startedAt: DATE_TIME,
            finishedAt: DATE_TIME,
            full: { type: 'boolean', description: 'A full pass: every row the portal publishes was read and what it dropped reconciled; otherwise only the rows changed since the sync before.' },
            rowsFetched: { type: 'integer', minimum: 0 },
            rowsApplied: { type: 'integer', minimum: 0, description: 'Fetched rows loaded (or merged as duplicates).' },
            rowsRejected: { type: 'integer', minimum: 0, description: 'Fetched rows refused by the reader (a row it cannot read, a place it cannot find).' },
            rowsRemoved: { type: 'integer', minimum: 0, description: 'Records removed because the portal no longer publishes them (full passes only).' },
          },
        },
        lastFullAt: { ...nullable(DATE_TIME), description: 'When the last full pass completed; null before one.' },
        position: { type: ['string', 'null'], description: "The watermark: the portal's `:updated_at` and `:id` of the last row applied, from which the next incremental sync reads; null before a sync." },
        nextRun: {
          type: ['object', 'null'],
          additionalProperties: false,
          required: ['at', 'full'],
          description:
            'The next scheduled sync and whether it is a full pass: a daily data set is read incrementally Monday to Saturday and in full on Sunday, at 09:00 UTC plus a few minutes per data set; a weekly one in full each Sunday; one published less often is looked at each Sunday and read in full on its cadence\'s first day. null when the portal does not publish the data set, or when this deployment runs no schedules (SYNC_SCHEDULE=off). Test keys get the schedule after the fixture\'s reference date.',
          properties: { at: DATE_TIME, full: { type: 'boolean' } },
        },
        lastError: {
          type: ['object', 'null'],
          additionalProperties: false,
          required: ['at', 'message'],
          description: 'When the newest sync failed, when and why (the portal refusing, a column gone); null when it succeeded or none ran. A failed scheduled sync is tried again later, and the next success clears this.',
          properties: { at: DATE_TIME, message: { type: 'string' } },
        },
      },
    },
  },
  paths: {
    '/api/v1/meta/sources': {
      get: {
        operationId: 'listSources',
        summary: 'The city data sets behind the API, and how fresh each is',
        description: `Every data set the API's records come from, in load order: where the city publishes it, how often, what is held of it, and its syncs with the city's open-data portal (the last successful one, the watermark, the next scheduled one, the last error). Live keys read the live records and syncs; test keys read the fixture and a fixed sync history as of its reference date, the same bytes on any day. rowsHeld and newestRecord are counted at most once every ${RECORDS_HELD_CACHE_SECONDS} seconds per API process and mode; the sync fields are read on every request. Not paginated (a few dozen at most). Unknown query parameters are rejected.`,
        tags: ['Meta and stats'],
        'x-unknown-parameters': 'reject',
        ...operationInput(sourcesInput),
        responses: { '200': listResponse(ref('DataSource')), ...standardErrors() },
      },
    },
  },
});
