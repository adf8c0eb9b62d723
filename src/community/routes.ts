import sharp from 'sharp';
import type { Route, RouteContext } from '../contract/routes';
import { ApiError, invalidCursor, invalidParameter, notFound } from '../errors';
import type { AppDeps } from '../deps';
import { pageOf, queryBinding, type Position } from '../search/cursor';
import { hashDeviceId, validateDeviceId } from './device';
import { canRenameAt, profileOf, readDevice, withDeviceLock } from './devices';
import { eraseDevice } from './erasure';
import { isIssuedId } from './ids';
import { ImageError, readAvatar, readReportPhoto, type ProcessedImage } from './images';
import { avatarImage, establishmentExists, fileReport, ownReportsPage, publicPhoto, publicReportsPage, replaceAvatar, type StoredImage } from './reports';
import { validateReportBody } from './reports-validation';
import { secondsUntilNextUtcDay, type ReportKind } from './score';
import { checkUsername } from './usernames';

// Uploads are decoded once and never again: libvips' operation cache would only hold
// decoded pixels of untrusted images in memory.
sharp.cache(false);

const DEVICE_HEADER = 'X-Device-Id';
const IMAGE_CACHE_CONTROL = `public, max-age=${7 * 24 * 60 * 60}, immutable`;

/** The device hash of the caller, or null when the header is optional and absent. */
function deviceHashOf(ctx: RouteContext, salt: string, required: boolean): string | null {
  const raw = ctx.state.input.headers[DEVICE_HEADER];
  if (raw === undefined && !required) return null;
  const check = validateDeviceId(raw);
  if (!check.ok) {
    if (check.code === 'device_id_required') throw new ApiError(400, 'device_id_required', check.message, { param: DEVICE_HEADER });
    throw invalidParameter(DEVICE_HEADER, check.message);
  }
  return hashDeviceId(check.deviceId, salt);
}

function requiredDeviceHash(ctx: RouteContext, salt: string): string {
  return deviceHashOf(ctx, salt, true)!;
}

/** An ImageError from images.ts as the contract's 400 (invalid_photo / invalid_image). */
async function readImage(read: () => Promise<ProcessedImage>, param: string): Promise<ProcessedImage> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ImageError) throw new ApiError(400, error.code, error.message, { param });
    throw error;
  }
}

function sendImage(ctx: RouteContext, image: StoredImage | null, what: string): void {
  if (!image) throw notFound(what);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Cache-Control', IMAGE_CACHE_CONTROL);
  ctx.type = image.contentType;
  ctx.body = image.bytes;
}

/** Keyset position of report lists: the report's insertion sequence (unique). */
function beforeSeqOf(cursor: unknown, decode: (cursor: string) => Position): number | null {
  if (typeof cursor !== 'string') return null;
  const [seq, extra] = decode(cursor);
  if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || extra !== undefined) throw invalidCursor();
  return seq;
}

const withoutSeq = <T extends { seq: number }>({ seq: _seq, ...rest }: T) => rest;

export function communityRoutes(deps: AppDeps): Route[] {
  // Read per request: the route list is also built without a config (contract tests).
  const salt = () => deps.config.deviceIdSalt;
  return [
    {
      method: 'post',
      path: '/api/v1/restaurants/{camis}/reports',
      async handler(ctx) {
        const deviceHash = requiredDeviceHash(ctx, salt());
        const camis = ctx.state.input.params.camis as string;
        const validation = validateReportBody(ctx.state.input.body);
        if (!validation.ok) {
          const { errors } = validation;
          throw new ApiError(400, validation.code, errors[0].message, { details: errors, ...(errors.length === 1 && { param: errors[0].param }) });
        }
        const { store } = ctx.state;
        if (!(await establishmentExists(store.pg, camis))) throw notFound(`restaurant ${camis}`);
        // Decoded and re-encoded one at a time, before the device lock is taken: the lock
        // is held only for the cap check and the insert.
        const photos: ProcessedImage[] = [];
        for (const [index, photo] of validation.value.photos.entries()) photos.push(await readImage(() => readReportPhoto(photo), `photos[${index}]`));
        const now = new Date();
        const result = await withDeviceLock(store.pg, store.sandbox, deviceHash, (client) =>
          fileReport(client, { ...validation.value, camis, sandbox: store.sandbox, deviceHash, photos, now }),
        );
        if (!result.ok) {
          const message =
            result.scope === 'device'
              ? 'this device has filed 25 reports today (UTC), the daily limit across all restaurants; try again after 00:00 UTC'
              : 'this device has filed 3 reports about this restaurant today (UTC), the daily limit per restaurant; try again after 00:00 UTC';
          throw new ApiError(429, 'report_cap', message, { extra: { scope: result.scope }, retryAfterSeconds: secondsUntilNextUtcDay(now) });
        }
        ctx.status = 201;
        ctx.body = { data: result.report };
      },
    },
    {
      method: 'get',
      path: '/api/v1/restaurants/{camis}/reports',
      async handler(ctx) {
        const { store } = ctx.state;
        const { query, params } = ctx.state.input;
        const camis = params.camis as string;
        const binding = queryBinding('restaurant-reports', store.mode, query, { camis });
        const limit = query.limit as number;
        const beforeSeq = beforeSeqOf(query.cursor, (cursor) => deps.cursors.decode(cursor, binding, ['integer']));
        if (!(await establishmentExists(store.pg, camis))) throw notFound(`restaurant ${camis}`);
        const rows = await publicReportsPage(store.pg, { sandbox: store.sandbox, camis, kinds: (query.kind as ReportKind[] | undefined) ?? null, beforeSeq, limit: limit + 1 });
        const { rows: page, nextCursor } = pageOf(rows, limit, (row) => [row.seq], (position) => deps.cursors.encode(position, binding));
        ctx.body = { data: page.map(withoutSeq), meta: { nextCursor, returned: page.length } };
      },
    },
    {
      method: 'get',
      path: '/api/v1/reports/photos/{photoId}',
      async handler(ctx) {
        const photoId = ctx.state.input.params.photoId as string;
        const { store } = ctx.state;
        sendImage(ctx, isIssuedId(photoId) ? await publicPhoto(store.pg, store.sandbox, photoId) : null, 'photo');
      },
    },
    {
      method: 'get',
      path: '/api/v1/profile',
      async handler(ctx) {
        const deviceHash = requiredDeviceHash(ctx, salt());
        const { store } = ctx.state;
        ctx.body = { data: profileOf(deviceHash, await readDevice(store.pg, store.sandbox, deviceHash), new Date()) };
      },
    },
    {
      method: 'patch',
      path: '/api/v1/profile',
      async handler(ctx) {
        const deviceHash = requiredDeviceHash(ctx, salt());
        const username = (ctx.state.input.body as { username: string }).username;
        const check = checkUsername(username);
        if (!check.ok) throw new ApiError(400, 'invalid_body', check.message, { param: 'username' });
        const now = new Date();
        const { store } = ctx.state;
        const profile = await withDeviceLock(store.pg, store.sandbox, deviceHash, async (client, device) => {
          if (device.username === username) return profileOf(deviceHash, device, now);
          const next = canRenameAt(device.renamed_at, now);
          if (next) {
            throw new ApiError(429, 'rename_throttled', `the username can change once per 14 days; next change allowed at ${next.toISOString()}`, {
              extra: { canRenameAt: next.toISOString() },
              retryAfterSeconds: Math.max(1, Math.ceil((next.getTime() - now.getTime()) / 1000)),
            });
          }
          try {
            await client.query('update device_profiles set username = $3, username_key = $4, renamed_at = $5 where device_hash = $1 and sandbox = $2', [
              deviceHash,
              store.sandbox,
              username,
              check.key,
              now,
            ]);
          } catch (error) {
            if ((error as { code?: string }).code === '23505') throw new ApiError(409, 'username_taken', `the username ${username} is taken; choose another`, { param: 'username' });
            throw error;
          }
          return profileOf(deviceHash, await readDevice(client, store.sandbox, deviceHash), now);
        });
        ctx.body = { data: profile };
      },
    },
    {
      method: 'delete',
      path: '/api/v1/profile',
      async handler(ctx) {
        const { store } = ctx.state;
        await eraseDevice(store.pg, store.sandbox, requiredDeviceHash(ctx, salt()));
        ctx.status = 204;
      },
    },
    {
      method: 'post',
      path: '/api/v1/profile/avatar',
      async handler(ctx) {
        const deviceHash = requiredDeviceHash(ctx, salt());
        const avatar = await readImage(() => readAvatar((ctx.state.input.body as { image: unknown }).image), 'image');
        const now = new Date();
        const { store } = ctx.state;
        const profile = await withDeviceLock(store.pg, store.sandbox, deviceHash, async (client) => {
          await replaceAvatar(client, store.sandbox, deviceHash, avatar);
          return profileOf(deviceHash, await readDevice(client, store.sandbox, deviceHash), now);
        });
        ctx.body = { data: profile };
      },
    },
    {
      method: 'get',
      path: '/api/v1/profiles/avatars/{id}',
      async handler(ctx) {
        const avatarId = ctx.state.input.params.id as string;
        const { store } = ctx.state;
        sendImage(ctx, isIssuedId(avatarId) ? await avatarImage(store.pg, store.sandbox, avatarId) : null, 'avatar');
      },
    },
    {
      method: 'get',
      path: '/api/v1/profile/username-check',
      async handler(ctx) {
        const deviceHash = deviceHashOf(ctx, salt(), false);
        const check = checkUsername(ctx.state.input.query.username);
        if (!check.ok) {
          ctx.body = { data: { available: false, reason: check.reason } };
          return;
        }
        // Usernames are unique within a sandbox (device_profiles_username_key), so the check looks there only.
        const { store } = ctx.state;
        const { rows } = await store.pg.query<{ device_hash: string }>('select device_hash from device_profiles where username_key = $1 and sandbox = $2', [
          check.key,
          store.sandbox,
        ]);
        const holder = rows[0]?.device_hash;
        ctx.body = { data: holder === undefined || holder === deviceHash ? { available: true } : { available: false, reason: 'taken' } };
      },
    },
    {
      method: 'get',
      path: '/api/v1/profile/reports',
      async handler(ctx) {
        const deviceHash = requiredDeviceHash(ctx, salt());
        const { store } = ctx.state;
        const { query } = ctx.state.input;
        // Bound to the device too, so one device's cursor cannot page another's history.
        const binding = queryBinding('own-reports', store.mode, query, { device: deviceHash });
        const limit = query.limit as number;
        const beforeSeq = beforeSeqOf(query.cursor, (cursor) => deps.cursors.decode(cursor, binding, ['integer']));
        const rows = await ownReportsPage(store.pg, { sandbox: store.sandbox, deviceHash, beforeSeq, limit: limit + 1 });
        const { rows: page, nextCursor } = pageOf(rows, limit, (row) => [row.seq], (position) => deps.cursors.encode(position, binding));
        ctx.body = { data: page.map(withoutSeq), meta: { nextCursor, returned: page.length } };
      },
    },
  ];
}
