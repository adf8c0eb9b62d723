/**
 * One example request per operation of the document, in the order they run against the
 * test-mode fixture (later ones may read what earlier ones wrote: a report's photo, an
 * avatar). Kept here, in one list, so the generator (write.ts) and the replay test
 * (test/console/examples.test.ts) ask exactly the same things.
 */
import type { ExampleRequest } from '../../src/contract/examples';

export interface ExampleStep {
  operationId: string;
  /** The request, or how to make it from the answers before it (by operationId). */
  request: ExampleRequest | ((earlier: Record<string, any>) => ExampleRequest);
  /** Values that differ on every run (ids and times of writes, counts of the caller's own usage): compared as present, not by value. `*` is any array index. */
  varies?: string[];
  /** The answer is kept out of the document (its size: the document itself). */
  omitBody?: boolean;
  /** Which test key asks: the public one (default; what /docs' "Try it out" uses) or a commissioned one, for what the public key may not do (webhooks). */
  key?: ExampleKey;
}

export type ExampleKey = 'public' | 'commissioned';

/** The example device: an app's per-install id, never stored (only its salted hash). */
const DEVICE = { 'X-Device-Id': '5f0c2a9e-example-device' };

/** An 8x8 PNG: the smallest photo that shows the upload path. */
const PHOTO = 'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4YaOBFTEMLQkAdntLAQXW6sIAAAAASUVORK5CYII=';

/** What a device's profile carries that is made at write time, or from the deployment's device-id salt (funDefault). */
const PROFILE_VARIES = ['data.funDefault', 'data.avatarId', 'data.createdAt', 'data.renamedAt', 'data.canRenameAt'];
const REPORT_VARIES = ['id', 'createdAt', 'photoIds.*', 'author.avatarId'];

/** A change's id and time are those of the fixture's load, which differ with every load. */
const CHANGE_VARIES = ['data.*.id', 'data.*.recordedAt', 'data.*.changedAt', 'data.*.at', 'meta.nextCursor'];

const get = (path: string, query?: Record<string, string>, headers?: Record<string, string>): ExampleRequest => ({ method: 'GET', path, query, headers });

export const EXAMPLE_STEPS: ExampleStep[] = [
  // Platform
  { operationId: 'getLivez', request: get('/livez') },
  { operationId: 'getReadyz', request: get('/readyz') },
  { operationId: 'getHealth', request: get('/api/v1/health') },
  { operationId: 'getMe', request: get('/api/v1/me'), varies: ['data.createdAt', 'data.usage.*'] },
  { operationId: 'getOpenApi', request: get('/api/v1/openapi.json'), omitBody: true },
  // Restaurants
  { operationId: 'searchRestaurants', request: get('/api/v1/restaurants/search', { q: 'joes pizza manhattan', limit: '3' }) },
  { operationId: 'browseRestaurants', request: get('/api/v1/restaurants', { borough: 'Manhattan', sort: 'name', limit: '2' }) },
  { operationId: 'browseRestaurantsCsv', request: get('/api/v1/restaurants.csv', { zip: '10014', sort: 'name' }) },
  { operationId: 'nearbyRestaurants', request: get('/api/v1/restaurants/nearby', { lat: '40.7306', lng: '-74.0003', radius: '500', limit: '5' }) },
  { operationId: 'getRestaurant', request: get('/api/v1/restaurants/41000002') },
  { operationId: 'getRestaurantInspections', request: get('/api/v1/restaurants/41000001/inspections') },
  { operationId: 'getRestaurantViolations', request: get('/api/v1/restaurants/41000002/violations', { open: 'true' }) },
  { operationId: 'batchRestaurants', request: { method: 'POST', path: '/api/v1/restaurants/batch', body: { camis: ['41000001', '41000007'] } } },
  // City feeds, meta and stats
  { operationId: 'listViolations', request: get('/api/v1/violations', { category: 'vermin', limit: '2' }) },
  { operationId: 'listViolationsCsv', request: get('/api/v1/violations.csv', { category: 'vermin', borough: 'Manhattan' }) },
  { operationId: 'listInspections', request: get('/api/v1/inspections', { borough: 'Queens', limit: '2' }) },
  { operationId: 'listInspectionsCsv', request: get('/api/v1/inspections.csv', { borough: 'Queens', since: '2025-06-01' }) },
  { operationId: 'listCuisines', request: get('/api/v1/meta/cuisines') },
  { operationId: 'listBoroughs', request: get('/api/v1/meta/boroughs') },
  { operationId: 'listViolationCodes', request: get('/api/v1/meta/violation-codes') },
  { operationId: 'getRestaurantStats', request: get('/api/v1/stats/restaurants', { borough: 'Manhattan' }) },
  { operationId: 'listSources', request: get('/api/v1/meta/sources') },
  // Properties
  { operationId: 'searchProperties', request: get('/api/v1/properties/search', { q: '225 w 11 st', limit: '3' }) },
  { operationId: 'getProperty', request: get('/api/v1/properties/2032410017') },
  { operationId: 'listPropertyViolations', request: get('/api/v1/properties/2032410017/violations', { status: 'open', limit: '2' }) },
  { operationId: 'listPropertyViolationsCsv', request: get('/api/v1/properties/2032410017/violations.csv', { status: 'open' }) },
  { operationId: 'listPropertyDeadlines', request: get('/api/v1/properties/2032410017/deadlines') },
  { operationId: 'listPropertyPermits', request: get('/api/v1/properties/1005670012/permits', { limit: '2' }) },
  { operationId: 'listPropertyPermitsCsv', request: get('/api/v1/properties/1005670012/permits.csv') },
  { operationId: 'batchProperties', request: { method: 'POST', path: '/api/v1/properties/batch', body: { bbls: ['3019870033', '4015230060'] } } },
  // Owners
  { operationId: 'searchPortfolios', request: get('/api/v1/portfolios/search', { q: 'solano', limit: '3' }) },
  { operationId: 'getPropertyOwners', request: get('/api/v1/properties/1005670012/owners') },
  { operationId: 'getPortfolio', request: get('/api/v1/portfolios/1005670012') },
  { operationId: 'listPortfolioLots', request: get('/api/v1/portfolios/1005670012/lots', { sort: '-openViolations', limit: '1' }) },
  { operationId: 'listPortfolioLotsCsv', request: get('/api/v1/portfolios/1005670012/lots.csv') },
  // Contractors
  { operationId: 'searchContractors', request: get('/api/v1/contractors/search', { q: 'brightline plbg', limit: '3' }) },
  { operationId: 'browseContractors', request: get('/api/v1/contractors', { limit: '2' }) },
  { operationId: 'browseContractorsCsv', request: get('/api/v1/contractors.csv', { q: 'brightline' }) },
  { operationId: 'getContractor', request: get('/api/v1/contractors/brightline-plumbing-and-heating-inc') },
  { operationId: 'listContractorTickets', request: get('/api/v1/contractors/brightline-plumbing-and-heating-inc/tickets', { limit: '2' }) },
  { operationId: 'listContractorTicketsCsv', request: get('/api/v1/contractors/brightline-plumbing-and-heating-inc/tickets.csv') },
  { operationId: 'batchContractors', request: { method: 'POST', path: '/api/v1/contractors/batch', body: { slugs: ['brightline-plumbing-and-heating-inc'] } } },
  // Community: a device names itself, files a report with a photo, reads them back, then erases itself.
  { operationId: 'checkUsername', request: get('/api/v1/profile/username-check', { username: 'Pizza.Fan' }, DEVICE) },
  { operationId: 'updateProfile', request: { method: 'PATCH', path: '/api/v1/profile', headers: DEVICE, body: { username: 'Pizza.Fan' } }, varies: PROFILE_VARIES },
  { operationId: 'uploadAvatar', request: { method: 'POST', path: '/api/v1/profile/avatar', headers: DEVICE, body: { image: PHOTO } }, varies: PROFILE_VARIES },
  { operationId: 'getAvatar', request: (earlier) => get(`/api/v1/profiles/avatars/${earlier.uploadAvatar.data.avatarId}`) },
  { operationId: 'getProfile', request: get('/api/v1/profile', undefined, DEVICE), varies: PROFILE_VARIES },
  {
    operationId: 'createRestaurantReport',
    request: { method: 'POST', path: '/api/v1/restaurants/41000003/reports', headers: DEVICE, body: { kind: 'pest', pestSubtype: 'roaches', body: 'Roaches by the register at lunchtime, two of them on the counter.', photos: [PHOTO] } },
    varies: REPORT_VARIES.map((path) => `data.${path}`),
  },
  { operationId: 'getReportPhoto', request: (earlier) => get(`/api/v1/reports/photos/${earlier.createRestaurantReport.data.photoIds[0]}`) },
  { operationId: 'listRestaurantReports', request: get('/api/v1/restaurants/41000003/reports', { limit: '2' }), varies: REPORT_VARIES.map((path) => `data.*.${path}`) },
  { operationId: 'listOwnReports', request: get('/api/v1/profile/reports', { limit: '2' }, DEVICE), varies: REPORT_VARIES.map((path) => `data.*.${path}`) },
  { operationId: 'deleteProfile', request: { method: 'DELETE', path: '/api/v1/profile', headers: DEVICE } },
  // Changes and webhooks: the fixture's recorded changes; a commissioned key subscribes (the public one may not), lists, and unsubscribes.
  { operationId: 'listChanges', request: get('/api/v1/changes', { family: 'contractor', limit: '2' }), varies: CHANGE_VARIES },
  {
    operationId: 'createWebhook',
    key: 'commissioned',
    request: { method: 'POST', path: '/api/v1/webhooks', body: { url: 'https://hooks.example.com/nyc-records', description: 'Grades in my ZIPs', families: ['restaurant'], zips: ['10014'] } },
    varies: ['data.webhook.id', 'data.webhook.createdAt', 'data.secret'],
  },
  { operationId: 'listWebhooks', key: 'commissioned', request: get('/api/v1/webhooks'), varies: ['data.*.id', 'data.*.createdAt'] },
  { operationId: 'listWebhookDeliveries', key: 'commissioned', request: (earlier) => get(`/api/v1/webhooks/${earlier.createWebhook.data.webhook.id}/deliveries`, { limit: '2' }) },
  { operationId: 'deleteWebhook', key: 'commissioned', request: (earlier) => ({ method: 'DELETE', path: `/api/v1/webhooks/${earlier.createWebhook.data.webhook.id}` }) },
];
