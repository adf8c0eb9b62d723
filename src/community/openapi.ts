import { Type } from '@sinclair/typebox';
import { DATE, DATE_TIME, JSON_BODY_ERRORS, dataResponse, errorResponse, nullable, pageResponse, ref, standardErrors } from '../contract/components';
import { operationInput } from '../contract/input';
import { enumOf, listOf, pageParams } from '../contract/params';
import type { ApiFragment, Schema } from '../contract/types';
import { AVATAR_SIDE, MAX_INPUT_PIXELS, MAX_INPUT_SIDE, MAX_JPEG_SCANS, MAX_PHOTO_SIDE } from './images';
import { MAX_PHOTOS_PER_REPORT, PEST_SUBTYPES } from '../domain/community/reports';
import { REPORT_KINDS, REPORT_STATUSES } from '../domain/community/score';
import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from '../domain/community/usernames';

// HTTP drops spaces around a header value, so an id cannot begin or end with one.
const DEVICE_ID_PATTERN = '[\\x21-\\x7e]([\\x20-\\x7e]*[\\x21-\\x7e])?';
const DEVICE_ID_RULES =
  "The app's per-install id: 1-200 printable ASCII characters, not beginning or ending with a space, used exactly as sent. Only a salted hash (HMAC-SHA256 with a server secret) is stored; the id itself is never stored, logged or served.";
const DEVICE_ID_MESSAGE = 'X-Device-Id must be 1-200 printable ASCII characters';

export const DEVICE_HEADER = 'X-Device-Id';

const RequiredDeviceHeader = Type.Object({
  [DEVICE_HEADER]: Type.String({
    minLength: 1,
    maxLength: 200,
    pattern: `^${DEVICE_ID_PATTERN}$`,
    description: `${DEVICE_ID_RULES} Required: absent or empty answers 400 device_id_required.`,
    'x-missing-code': 'device_id_required',
    'x-message': DEVICE_ID_MESSAGE,
  }),
});

const OptionalDeviceHeader = Type.Object({
  [DEVICE_HEADER]: Type.Optional(
    // A blank value reads as absent (test/community/edge-cases.test.ts), so the schema admits it.
    Type.String({
      minLength: 0,
      maxLength: 200,
      pattern: `^(${DEVICE_ID_PATTERN})?$`,
      description: `${DEVICE_ID_RULES} Optional here; sent empty, it reads as absent.`,
      'x-message': DEVICE_ID_MESSAGE,
    }),
  ),
});

const CamisPath = Type.Object({
  camis: Type.String({ minLength: 1, maxLength: 20, description: 'Health-department permit number of the establishment. Unknown ids answer 404 not_found.' }),
});

const issuedId = (description: string) =>
  Type.String({ minLength: 1, description: `${description} Any id that was not issued (whatever its length or characters) answers 404 not_found.` });

/**
 * The shape rules of checkUsername (usernames.ts) as one pattern: words of letters, digits,
 * underscore, period and hyphen joined by single spaces, at least one word holding a letter
 * or digit. usernames-schema.test.ts holds the two to the same verdicts.
 */
export const USERNAME_SCHEMA: Schema = {
  type: 'string',
  minLength: USERNAME_MIN_LENGTH,
  maxLength: USERNAME_MAX_LENGTH,
  pattern: '^(?:[_.-]+ )*[_.-]*[A-Za-z0-9][A-Za-z0-9_.-]*(?: [A-Za-z0-9_.-]+)*$',
  'x-message': `username must be ${USERNAME_MIN_LENGTH}-${USERNAME_MAX_LENGTH} characters of ASCII letters, digits, underscore, space, period and hyphen, with at least one letter or digit and no leading, trailing or doubled space`,
};

const IMAGE_CACHE_SECONDS = 7 * 24 * 60 * 60;

const imageResponse = (types: string[], description: string) => ({
  description,
  headers: {
    'X-Content-Type-Options': { description: 'Always nosniff.', schema: { type: 'string', const: 'nosniff' } },
    'Cache-Control': {
      description: `public, max-age=${IMAGE_CACHE_SECONDS}, immutable: the bytes behind an id never change and ids are never reused. Hiding or erasure takes effect here at once; a shared cache may keep a copy until it expires.`,
      schema: { type: 'string' },
    },
  },
  content: Object.fromEntries(types.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }])),
});

const REPORT_ID: Schema = { type: 'string', description: 'Random, unguessable report id.' };
const PHOTO_SHAPES =
  'Each item is a bare base64 string, a data URL (data:image/png;base64,...) or an object {"data": "<base64>"} (other properties of the object, such as a declared content type, are ignored).';

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
const AVATAR_LINK = { operationId: 'getAvatar', parameters: { id: '$response.body#/data/avatarId' }, description: 'The avatar of the profile (none while avatarId is null).' };

/** What each community route takes: the operations below and the routes are written from these. */
export const communityInputs = {
  listReports: {
    params: CamisPath,
    query: Type.Object({ kind: Type.Optional(listOf(enumOf(REPORT_KINDS), 'Keep only these kinds (comma list).')), ...pageParams(100, 20) }),
  },
  // The body's rules are checked by validateReportBody, which lists every field at fault.
  createReport: { params: CamisPath, headers: RequiredDeviceHeader, body: Type.Unsafe<unknown>(ref('NewCommunityReport')) },
  photo: { params: Type.Object({ photoId: issuedId("Photo id from a report's photoIds.") }) },
  profile: { headers: RequiredDeviceHeader },
  updateProfile: {
    headers: RequiredDeviceHeader,
    body: Type.Object({ username: Type.Unsafe<string>(USERNAME_SCHEMA) }, { additionalProperties: false }),
  },
  uploadAvatar: {
    headers: RequiredDeviceHeader,
    body: Type.Object({ image: Type.Unsafe<unknown>({ type: ['string', 'object'] }) }, { additionalProperties: false }),
  },
  avatar: { params: Type.Object({ id: issuedId('avatarId of a profile or report author.') }) },
  usernameCheck: {
    query: Type.Object({
      username: Type.String({ description: 'The handle to check. A handle breaking the length or character rules answers 200 with reason invalid, whatever its length.' }),
    }),
    headers: OptionalDeviceHeader,
  },
  ownReports: { headers: RequiredDeviceHeader, query: Type.Object(pageParams(100, 20)) },
};

/** The limits an image is held to from its headers, before any pixel is decoded. */
const IMAGE_LIMITS = `at most 4 MB (4 MiB) decoded, ${MAX_INPUT_PIXELS / 1_000_000} megapixels and ${MAX_INPUT_SIDE} px on its longest side (no camera photo, panorama or scrolling screenshot comes near it), and a progressive JPEG at most ${MAX_JPEG_SCANS} scans (encoders write 10 to 18); these are judged from the headers, before any pixel is decoded`;
const DECODE_QUEUE_RULES =
  'Images are decoded a few uploads at a time per server process, the next few waiting their turn; past that the upload answers 503 unavailable with Retry-After / retryAfterSeconds and nothing is stored: retry after the delay.';

const REPORT_CAP_RULES =
  'Caps ride the device (X-Device-Id), per UTC day: at most 3 reports about one establishment and 25 in all. Hidden reports count toward neither; an establishment itself is never capped. Over a cap: 429 report_cap with `scope` establishment or device (device is named when both are hit), and Retry-After / retryAfterSeconds = seconds to the next 00:00 UTC. The caps are exact under concurrent requests of one device: its writes are serialized.';

export const communityFragment: ApiFragment = {
  tags: [
    { name: 'Community', description: 'Community reports about restaurants, filed by devices.' },
    { name: 'Device profile', description: 'The profile of a device (X-Device-Id): username, avatar, own reports, erasure.' },
  ],
  schemas: {
    CommunityBlock: {
      type: 'object',
      description:
        'Community signal about an establishment, shown as its own line and never blended into riskScore. Counts are over non-hidden reports (active, disputed, upheld). scoreAdjustment: each negative report docks points (pest 1, food_poisoning 1, sanitation_other 0.5), fading linearly from full on the day it is filed to nothing at 90 days (weight = max(0, 1 - ageDays/90)); active, disputed and upheld dock alike; praise never adds; hidden reports count for nothing; the sum is floored at -8 and rounded to 2 decimals. One client address docks at most once per establishment and UTC day, whatever X-Device-Id it sends: of its reports that day only the one docking most counts (counts still count every report). The address is the one the API sees (an IPv6 address counts as its /64; behind the reverse proxies the deployment trusts, the X-Forwarded-For entry they vouch for); a report keeps only a keyed hash of it with the establishment and the day, never the address, never served, erased with the device (DELETE /api/v1/profile). Reports filed before addresses were counted dock one each.',
      required: ['counts', 'lastReportAt', 'scoreAdjustment'],
      additionalProperties: false,
      properties: {
        counts: {
          type: 'object',
          required: [...REPORT_KINDS],
          additionalProperties: false,
          properties: Object.fromEntries(REPORT_KINDS.map((kind) => [kind, { type: 'integer', minimum: 0 }])),
        },
        lastReportAt: nullable({ ...DATE, description: 'UTC date of the newest non-hidden report.' }),
        scoreAdjustment: { type: 'number', minimum: -8, maximum: 0 },
      },
    },
    Remediation: {
      type: 'object',
      description:
        'Owner-submitted proof of a fix (invoice, receipt, re-issued certificate) for violations open now (the citations of the latest inspection date). UNVERIFIED, pending re-inspection; it never changes grade, score or risk. The profile carries null instead of this object when no open violation has a document. Documents are loaded by the operator (no public endpoint).',
      required: ['openViolations', 'documentedOpenViolations', 'categories', 'lastDocumentedAt'],
      additionalProperties: false,
      properties: {
        openViolations: { type: 'integer', minimum: 0, description: 'Violations open now: the set measured against.' },
        documentedOpenViolations: { type: 'integer', minimum: 0, description: 'Open violations with at least one owner document.' },
        categories: {
          type: 'array',
          items: { type: 'string', enum: ['vermin', 'food_temp', 'hygiene', 'facility', 'admin', 'other'] },
          description: 'Distinct categories of the documented open violations, in this enumeration order.',
        },
        lastDocumentedAt: nullable({ ...DATE, description: 'Latest upload date among the documents of open violations.' }),
      },
    },
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
    DeviceProfile: {
      type: 'object',
      required: ['username', 'funDefault', 'displayName', 'avatarId', 'createdAt', 'renamedAt', 'canRenameAt'],
      additionalProperties: false,
      properties: {
        username: { type: ['string', 'null'], description: 'Claimed username; null if never claimed.' },
        funDefault: { type: 'string', description: 'Generated display name ("Curious Pigeon 4821"), derived from the device hash: the same device always gets the same name.' },
        displayName: { type: 'string', description: 'username if claimed, else funDefault.' },
        avatarId: { type: ['string', 'null'], description: 'Opaque id for GET /api/v1/profiles/avatars/{id}; null means render a monogram.' },
        createdAt: nullable({ ...DATE_TIME, description: "When the device's row was created: its first write (report, username or avatar). null before that and after erasure." }),
        renamedAt: nullable({ ...DATE_TIME, description: 'Last username change (claiming one counts).' }),
        canRenameAt: nullable({ ...DATE_TIME, description: 'When the next username change is allowed (renamedAt + 14 days); null means now.' }),
      },
    },
    UsernameCheck: {
      type: 'object',
      required: ['available'],
      additionalProperties: false,
      properties: {
        available: { type: 'boolean' },
        reason: {
          type: 'string',
          enum: ['invalid', 'taken', 'reserved'],
          description:
            'Present when unavailable: invalid (length or characters), taken (held by another device, case-insensitively), reserved (reserved words, official-sounding or impersonating handles such as admin, moderator, support, staff, official, inspector, dohmh, nyc health, matched case- and separator-insensitively, and handles shaped like a generated name).',
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
        ...operationInput(communityInputs.listReports),
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
        ...operationInput(communityInputs.createReport),
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
        ...operationInput(communityInputs.photo),
        responses: { '200': imageResponse(['image/jpeg', 'image/png'], 'The photo.'), ...standardErrors(['404', 'Unknown, hidden or erased photo (not_found).']) },
      },
    },
    '/api/v1/profile': {
      get: {
        operationId: 'getProfile',
        summary: "The calling device's profile",
        description: 'A device that never wrote anything (or erased its data) gets its defaults: username null, funDefault, createdAt null.',
        tags: ['Device profile'],
        ...operationInput(communityInputs.profile),
        responses: { '200': { ...dataResponse(ref('DeviceProfile')), links: { getAvatar: AVATAR_LINK } }, ...standardErrors() },
      },
      patch: {
        operationId: 'updateProfile',
        summary: 'Claim or change the username',
        description:
          'Username rules: 3-20 characters from ASCII letters, digits, underscore, space, period and hyphen, at least one letter or digit, no leading, trailing or doubled space; case preserved; unique case-insensitively; reserved and impersonating handles refused (400 invalid_body, param username). A handle held by another device: 409 username_taken. Claiming or changing a username starts a 14-day throttle: another change before canRenameAt answers 429 rename_throttled with canRenameAt and retryAfterSeconds. Sending the current username unchanged (same case) is a no-op that answers 200 even while throttled; a change of case only is a change.',
        tags: ['Device profile'],
        ...operationInput(communityInputs.updateProfile),
        responses: {
          '200': dataResponse(ref('DeviceProfile')),
          ...standardErrors(
            ['409', 'The username is held by another device (username_taken).'],
            ['429', "Renamed less than 14 days ago (rename_throttled, with canRenameAt), or the key's daily limit is spent."],
            ...JSON_BODY_ERRORS,
          ),
        },
      },
      delete: {
        operationId: 'deleteProfile',
        summary: "Erase everything of the calling device",
        description:
          "Erases the profile, the avatar and every report of the device (hidden and disputed included) with their photos and the keyed hashes of the client addresses they were filed from: they leave every public surface, the community counts and score, and the device's own history at once, photo and avatar ids answer 404, and the username is free at once. Idempotent: repeating it answers 204 with nothing left to erase. An internal audit copy (profile, reports, image bytes) with a deletion stamp is kept and never served by any endpoint. Afterwards the same X-Device-Id starts over as a new device (its generated name is derived from the id, so it is the same). Like every device write, it acts on the store of the key's mode: a test key erases only what the device wrote with that test key's key pair.",
        tags: ['Device profile'],
        ...operationInput(communityInputs.profile),
        responses: { '204': { description: 'Erased (or nothing was left to erase).' }, ...standardErrors() },
      },
    },
    '/api/v1/profile/avatar': {
      post: {
        operationId: 'uploadAvatar',
        summary: 'Set the avatar',
        description: `Body {image}: ${PHOTO_SHAPES.replace('Each item is', 'the image is')} JPEG or PNG judged by the bytes; ${IMAGE_LIMITS}. Re-encoded to a ${AVATAR_SIDE} x ${AVATAR_SIDE} px JPEG (scaled to cover and centre-cropped, transparency on white) of at most 1 MB with all metadata removed. Replaces the previous avatar, whose id then answers 404. Refused images: 400 invalid_image, nothing stored. ${DECODE_QUEUE_RULES}`,
        tags: ['Device profile'],
        ...operationInput(communityInputs.uploadAvatar),
        responses: {
          '200': { ...dataResponse(ref('DeviceProfile'), 'The refreshed profile.'), links: { getAvatar: AVATAR_LINK } },
          ...standardErrors(...JSON_BODY_ERRORS, ['503', 'Too many uploads are being decoded (unavailable), or a backing store is down; Retry-After given, nothing stored.']),
          '400': errorResponse('device_id_required, invalid_body, or invalid_image (not JPEG/PNG by content, too large, too many pixels, longest side too long, too many JPEG scans, undecodable).'),
        },
      },
    },
    '/api/v1/profiles/avatars/{id}': {
      get: {
        operationId: 'getAvatar',
        summary: 'The bytes of an avatar',
        description: 'Not the JSON envelope: image/jpeg bytes, X-Content-Type-Options: nosniff, long Cache-Control. Replaced, erased and unknown avatars answer 404 not_found.',
        tags: ['Device profile'],
        ...operationInput(communityInputs.avatar),
        responses: { '200': imageResponse(['image/jpeg'], 'The avatar.'), ...standardErrors(['404', 'Unknown, replaced or erased avatar (not_found).']) },
      },
    },
    '/api/v1/profile/username-check': {
      get: {
        operationId: 'checkUsername',
        summary: 'Whether a username can be claimed',
        description: "With X-Device-Id, the caller's own current handle (case-insensitively) reads as available. Availability is a snapshot: PATCH /profile decides.",
        tags: ['Device profile'],
        ...operationInput(communityInputs.usernameCheck),
        responses: { '200': dataResponse(ref('UsernameCheck')), ...standardErrors() },
      },
    },
    '/api/v1/profile/reports': {
      get: {
        operationId: 'listOwnReports',
        summary: "The calling device's own reports",
        description:
          "Every report of the device, hidden ones included, newest first, each with status and camis. Photos of hidden reports are listed but answer 404 (they are off public surfaces). Strict surface: unknown query parameters answer 400 unknown_parameter.",
        tags: ['Device profile'],
        'x-unknown-parameters': 'reject',
        ...operationInput(communityInputs.ownReports),
        responses: {
          '200': pageResponse(ref('OwnCommunityReport')),
          ...standardErrors(),
        },
      },
    },
  },
};
