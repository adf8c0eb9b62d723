import { Type } from '@sinclair/typebox';
import { DATE, DATE_TIME, JSON_BODY_ERRORS, dataResponse, errorResponse, pageResponse, ref, standardErrors } from '../../contract/components';
import { operationInput } from '../../contract/input';
import { enumOf, listOf, pageParams } from '../../contract/params';
import type { ApiFragment, Schema } from '../../contract/types';
import { MAX_PHOTOS_PER_REPORT, PEST_SUBTYPES } from '../../domain/community/reports';
import { REPORT_KINDS, REPORT_STATUSES } from '../../domain/community/score';
import { RequiredDeviceHeader } from '../devices/openapi';
import { MAX_PHOTO_SIDE } from '../images';
import { DECODE_QUEUE_RULES, IMAGE_LIMITS, imageResponse, issuedId, PHOTO_SHAPES } from '../openapi';

const CamisPath = Type.Object({
  camis: Type.String({ minLength: 1, maxLength: 20, description: 'Health-department permit number of the establishment. Unknown ids answer 404 not_found.' }),
});

const REPORT_ID: Schema = { type: 'string', description: 'Random, unguessable report id.' };

const communityReportProperties = (createdAt: Schema): Record<string, Schema> => ({
  id: REPORT_ID,
  kind: { type: 'string', enum: [...REPORT_KINDS] },
  pestSubtype: { type: ['string', 'null'], enum: [...PEST_SUBTYPES, null], description: 'For pest reports; null for every other kind.' },
  body: { type: 'string', description: "The reporter's description, shown verbatim (surrounding whitespace trimmed when filed)." },
  createdAt,
  photoIds: { type: 'array', items: { type: 'string' }, description: 'Fetch each with GET /api/v1/reports/photos/{photoId}, in upload order.' },
  author: ref('CommunityAuthor'),
});

/** OpenAPI links to the image of an answer (clients and the stateful fuzzer follow them). */
const photoLink = (photoId: string, description: string) => ({ operationId: 'getReportPhoto', parameters: { photoId }, description });

const REPORT_CAP_RULES =
  'Caps ride the device (X-Device-Id), per UTC day: at most 3 reports about one establishment and 25 in all. Hidden reports count toward neither; an establishment itself is never capped. Over a cap: 429 report_cap with `scope` establishment or device (device is named when both are hit), and Retry-After / retryAfterSeconds = seconds to the next 00:00 UTC. The caps are exact under concurrent requests of one device: its writes are serialized.';

/** What each report route takes: the operations below and the routes are written from these. */
export const reportInputs = {
  listReports: {
    params: CamisPath,
    query: Type.Object({ kind: Type.Optional(listOf(enumOf(REPORT_KINDS), 'Keep only these kinds (comma list).')), ...pageParams(100, 20) }),
  },
  // The body's rules are checked by validateReportBody, which lists every field at fault.
  createReport: { params: CamisPath, headers: RequiredDeviceHeader, body: Type.Unsafe<unknown>(ref('NewCommunityReport')) },
  photo: { params: Type.Object({ photoId: issuedId("Photo id from a report's photoIds.") }) },
};

export const reportsFragment: ApiFragment = {
  tags: [
    { name: 'Community', description: 'Community reports about restaurants, filed by devices.' },
  ],
  schemas: {
    CommunityAuthor: {
      type: 'object',
      description: "The author as shown now: the device's current username, else its generated name. The device hash is never exposed.",
      required: ['displayName', 'avatarId'],
      additionalProperties: false,
      properties: {
        displayName: { type: 'string' },
        avatarId: { type: ['string', 'null'], description: 'GET /api/v1/profiles/avatars/{id}; null means render a monogram.' },
      },
    },
    CommunityReport: {
      type: 'object',
      description: 'A report as public surfaces show it: createdAt has day precision (UTC).',
      required: ['id', 'kind', 'pestSubtype', 'body', 'createdAt', 'photoIds', 'author'],
      additionalProperties: false,
      properties: communityReportProperties({ ...DATE, description: 'UTC date the report was filed.' }),
    },
    OwnCommunityReport: {
      type: 'object',
      description: "A report in the caller's own history: with camis, status and the full filing timestamp.",
      required: ['id', 'kind', 'pestSubtype', 'body', 'createdAt', 'photoIds', 'author', 'camis', 'status'],
      additionalProperties: false,
      properties: {
        ...communityReportProperties({ ...DATE_TIME, description: 'When the report was filed.' }),
        camis: { type: 'string', description: 'The establishment reported on.' },
        status: {
          type: 'string',
          enum: [...REPORT_STATUSES],
          description:
            'Set by moderators: active (default), disputed, hidden (kept, but off every public surface, counts, score and caps; its photos answer 404), upheld. Moves between any two statuses are possible.',
        },
      },
    },
    NewCommunityReport: {
      type: 'object',
      required: ['kind', 'body'],
      additionalProperties: false,
      // A pest report names its pest; no other kind carries one.
      if: { required: ['kind'], properties: { kind: { const: 'pest' } } },
      then: { required: ['pestSubtype'], properties: { pestSubtype: { type: 'string' } } },
      else: { properties: { pestSubtype: { type: 'null' } } },
      properties: {
        kind: { type: 'string', enum: [...REPORT_KINDS] },
        pestSubtype: {
          type: ['string', 'null'],
          enum: [...PEST_SUBTYPES, null],
          description: 'Required for pest reports; must be absent or null for every other kind (400 invalid_body otherwise).',
        },
        body: {
          type: 'string',
          description:
            '20-500 characters after trimming surrounding whitespace, counted as Unicode code points. Control characters other than tab, line feed and carriage return are refused. Stored and shown verbatim.',
        },
        photos: {
          type: ['array', 'null'],
          maxItems: MAX_PHOTOS_PER_REPORT,
          'x-error-code': 'invalid_photo',
          'x-message': `photos must be an array of at most ${MAX_PHOTOS_PER_REPORT} images, each a base64 string, a data URL or {"data": "<base64>"}`,
          description: `At most 3 photos (more: 400 invalid_photo). ${PHOTO_SHAPES} JPEG or PNG judged by the bytes, never by a declared type; each ${IMAGE_LIMITS} (decompression-bomb guards). Each is re-encoded in its own format (JPEG stays JPEG, PNG stays PNG), turned upright by its EXIF orientation, longest side at most ${MAX_PHOTO_SIDE} px, with EXIF, GPS, ICC, XMP and every other metadata removed. Any refused photo answers 400 invalid_photo (param photos[i]) and nothing is stored.`,
          items: { type: ['string', 'object'] },
        },
      },
    },
  },
  paths: {
    '/api/v1/restaurants/{camis}/reports': {
      get: {
        operationId: 'listRestaurantReports',
        summary: "An establishment's community reports",
        description:
          'Active, upheld and disputed reports, newest first (filing order); hidden reports and reports of erased devices never appear. Strict surface: unknown query parameters answer 400 unknown_parameter. Unknown camis: 404 not_found.',
        tags: ['Community'],
        'x-unknown-parameters': 'reject',
        ...operationInput(reportInputs.listReports),
        responses: {
          '200': { ...pageResponse(ref('CommunityReport')), links: { getReportPhoto: photoLink('$response.body#/data/0/photoIds/0', 'The first photo of the newest report.') } },
          ...standardErrors(['404', 'Unknown camis (not_found).']),
        },
      },
      post: {
        operationId: 'createRestaurantReport',
        summary: 'File a community report about an establishment',
        description: `Header X-Device-Id is required (400 device_id_required). ${REPORT_CAP_RULES} Validation order: device header, body rules (every problem listed in details), unknown camis (404), caps (before any photo is decoded; counted again when the report is stored), photos (their headers, then decoding). ${DECODE_QUEUE_RULES} A report without photos decodes nothing and never waits. The report starts active and is listed at once; the client address it came from counts toward the score as CommunityBlock describes. Answers 201 with the report as public surfaces show it.`,
        tags: ['Community'],
        ...operationInput(reportInputs.createReport),
        responses: {
          '201': { ...dataResponse(ref('CommunityReport'), 'Filed.'), links: { getReportPhoto: photoLink('$response.body#/data/photoIds/0', 'The first photo of the report.') } },
          ...standardErrors(
            ['404', 'Unknown camis (not_found).'],
            ...JSON_BODY_ERRORS,
            ['429', "A report cap is hit (report_cap, with scope and retryAfterSeconds), or the key's daily limit is spent (daily_limit_exceeded)."],
            ['503', 'Too many uploads are being decoded (unavailable), or a backing store is down; Retry-After given, nothing stored.'],
          ),
          '400': errorResponse('device_id_required, invalid_parameter (malformed X-Device-Id), invalid_body (details lists every field at fault), or invalid_photo (param photos[i]: not JPEG/PNG by content, too large, too many pixels, longest side too long, too many JPEG scans, undecodable).'),
        },
      },
    },
    '/api/v1/reports/photos/{photoId}': {
      get: {
        operationId: 'getReportPhoto',
        summary: 'The bytes of a report photo',
        description:
          'Not the JSON envelope: the stored bytes with their stored content type (image/jpeg or image/png), X-Content-Type-Options: nosniff and a long Cache-Control. Photos of hidden reports and of erased devices, and unknown ids, answer 404 not_found (JSON envelope).',
        tags: ['Community'],
        ...operationInput(reportInputs.photo),
        responses: { '200': imageResponse(['image/jpeg', 'image/png'], 'The photo.'), ...standardErrors(['404', 'Unknown, hidden or erased photo (not_found).']) },
      },
    },
  },
};
