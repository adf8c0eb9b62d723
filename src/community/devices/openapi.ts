import { Type } from '@sinclair/typebox';
import { DATE_TIME, JSON_BODY_ERRORS, dataResponse, errorResponse, nullable, pageResponse, ref, standardErrors } from '../../contract/components';
import { operationInput } from '../../contract/input';
import { pageParams } from '../../contract/params';
import type { ApiFragment, Schema } from '../../contract/types';
import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from '../../domain/community/usernames';
import { AVATAR_SIDE } from '../images';
import { DECODE_QUEUE_RULES, IMAGE_LIMITS, imageResponse, issuedId, PHOTO_SHAPES } from '../openapi';

// HTTP drops spaces around a header value, so an id cannot begin or end with one.
const DEVICE_ID_PATTERN = '[\\x21-\\x7e]([\\x20-\\x7e]*[\\x21-\\x7e])?';
const DEVICE_ID_RULES =
  "The app's per-install id: 1-200 printable ASCII characters, not beginning or ending with a space, used exactly as sent. Only a salted hash (HMAC-SHA256 with a server secret) is stored; the id itself is never stored, logged or served.";
const DEVICE_ID_MESSAGE = 'X-Device-Id must be 1-200 printable ASCII characters';

export const DEVICE_HEADER = 'X-Device-Id';

export const RequiredDeviceHeader = Type.Object({
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

/**
 * The shape rules of checkUsername (src/domain/community/usernames.ts) as one pattern: words
 * of letters, digits, underscore, period and hyphen joined by single spaces, at least one word
 * holding a letter or digit. usernames-schema.test.ts holds the two to the same verdicts.
 */
export const USERNAME_SCHEMA: Schema = {
  type: 'string',
  minLength: USERNAME_MIN_LENGTH,
  maxLength: USERNAME_MAX_LENGTH,
  pattern: '^(?:[_.-]+ )*[_.-]*[A-Za-z0-9][A-Za-z0-9_.-]*(?: [A-Za-z0-9_.-]+)*$',
  'x-message': `username must be ${USERNAME_MIN_LENGTH}-${USERNAME_MAX_LENGTH} characters of ASCII letters, digits, underscore, space, period and hyphen, with at least one letter or digit and no leading, trailing or doubled space`,
};

/** The OpenAPI link to a profile's avatar (clients and the stateful fuzzer follow it). */
const AVATAR_LINK = { operationId: 'getAvatar', parameters: { id: '$response.body#/data/avatarId' }, description: 'The avatar of the profile (none while avatarId is null).' };

/** What each device profile route takes: the operations below and the routes are written from these. */
export const deviceInputs = {
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

export const devicesFragment: ApiFragment = {
  tags: [
    { name: 'Device profile', description: 'The profile of a device (X-Device-Id): username, avatar, own reports, erasure.' },
  ],
  schemas: {
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
    '/api/v1/profile': {
      get: {
        operationId: 'getProfile',
        summary: "The calling device's profile",
        description: 'A device that never wrote anything (or erased its data) gets its defaults: username null, funDefault, createdAt null.',
        tags: ['Device profile'],
        ...operationInput(deviceInputs.profile),
        responses: { '200': { ...dataResponse(ref('DeviceProfile')), links: { getAvatar: AVATAR_LINK } }, ...standardErrors() },
      },
      patch: {
        operationId: 'updateProfile',
        summary: 'Claim or change the username',
        description:
          'Username rules: 3-20 characters from ASCII letters, digits, underscore, space, period and hyphen, at least one letter or digit, no leading, trailing or doubled space; case preserved; unique case-insensitively; reserved and impersonating handles refused (400 invalid_body, param username). A handle held by another device: 409 username_taken. Claiming or changing a username starts a 14-day throttle: another change before canRenameAt answers 429 rename_throttled with canRenameAt and retryAfterSeconds. Sending the current username unchanged (same case) is a no-op that answers 200 even while throttled; a change of case only is a change.',
        tags: ['Device profile'],
        ...operationInput(deviceInputs.updateProfile),
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
        ...operationInput(deviceInputs.profile),
        responses: { '204': { description: 'Erased (or nothing was left to erase).' }, ...standardErrors() },
      },
    },
    '/api/v1/profile/avatar': {
      post: {
        operationId: 'uploadAvatar',
        summary: 'Set the avatar',
        description: `Body {image}: ${PHOTO_SHAPES.replace('Each item is', 'the image is')} JPEG or PNG judged by the bytes; ${IMAGE_LIMITS}. Re-encoded to a ${AVATAR_SIDE} x ${AVATAR_SIDE} px JPEG (scaled to cover and centre-cropped, transparency on white) of at most 1 MB with all metadata removed. Replaces the previous avatar, whose id then answers 404. Refused images: 400 invalid_image, nothing stored. ${DECODE_QUEUE_RULES}`,
        tags: ['Device profile'],
        ...operationInput(deviceInputs.uploadAvatar),
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
        ...operationInput(deviceInputs.avatar),
        responses: { '200': imageResponse(['image/jpeg'], 'The avatar.'), ...standardErrors(['404', 'Unknown, replaced or erased avatar (not_found).']) },
      },
    },
    '/api/v1/profile/username-check': {
      get: {
        operationId: 'checkUsername',
        summary: 'Whether a username can be claimed',
        description: "With X-Device-Id, the caller's own current handle (case-insensitively) reads as available. Availability is a snapshot: PATCH /profile decides.",
        tags: ['Device profile'],
        ...operationInput(deviceInputs.usernameCheck),
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
        ...operationInput(deviceInputs.ownReports),
        responses: {
          '200': pageResponse(ref('OwnCommunityReport')),
          ...standardErrors(),
        },
      },
    },
  },
};
