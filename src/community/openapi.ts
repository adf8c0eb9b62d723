import { Type } from '@sinclair/typebox';
import { DATE, nullable } from '../contract/components';
import type { ApiFragment } from '../contract/types';
import { REPORT_KINDS } from '../domain/community/score';
import { MAX_INPUT_PIXELS, MAX_INPUT_SIDE, MAX_JPEG_SCANS } from './images';

/**
 * The community family's own part of the contract: the community block restaurant profiles
 * show (figures.ts), and what its parts' documents share about uploaded and served images.
 * Each part (remediation/, reports/, devices/) writes its own fragment beside its routes;
 * family.ts lists them in the order the document shows them.
 */

export const issuedId = (description: string) =>
  Type.String({ minLength: 1, description: `${description} Any id that was not issued (whatever its length or characters) answers 404 not_found.` });

const IMAGE_CACHE_SECONDS = 7 * 24 * 60 * 60;

export const imageResponse = (types: string[], description: string) => ({
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

export const PHOTO_SHAPES =
  'Each item is a bare base64 string, a data URL (data:image/png;base64,...) or an object {"data": "<base64>"} (other properties of the object, such as a declared content type, are ignored).';

/** The limits an image is held to from its headers, before any pixel is decoded. */
export const IMAGE_LIMITS = `at most 4 MB (4 MiB) decoded, ${MAX_INPUT_PIXELS / 1_000_000} megapixels and ${MAX_INPUT_SIDE} px on its longest side (no camera photo, panorama or scrolling screenshot comes near it), and a progressive JPEG at most ${MAX_JPEG_SCANS} scans (encoders write 10 to 18); these are judged from the headers, before any pixel is decoded`;
export const DECODE_QUEUE_RULES =
  'Images are decoded a few uploads at a time per server process, the next few waiting their turn; past that the upload answers 503 unavailable with Retry-After / retryAfterSeconds and nothing is stored: retry after the delay.';

export const communityFragment: ApiFragment = {
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
  },
  paths: {},
};
