import sharp from 'sharp';
import { cursorPage } from '../contract/lists';
import { type Route, type RouteContext, route } from '../contract/routes';
import { ApiError, invalidParameter, notFound } from '../errors';
import type { AppDeps } from '../deps';
import { clientOf } from '../http/client-address';
import { imageDecodeQueue } from './decode-queue';
import { hashDeviceId, reportClientKey, validateDeviceId } from '../domain/community/devices';
import { profileOf } from './devices/shape';
import { avatarImage, eraseDevice, readDevice, replaceAvatar, setUsername, usernameHolder, withDeviceLock } from './devices/store';
import { isIssuedId } from '../domain/community/ids';
import { checkAvatar, checkReportPhoto, ImageError, renderAvatar, renderReportPhoto, type CheckedImage, type ProcessedImage, type StoredImage } from './images';
import { SEQ_POSITION, seqOf, withoutSeq } from './reports/shape';
import { establishmentExists, fileReport, ownReportsPage, publicPhoto, publicReportsPage, reportsToday } from './reports/store';
import { validateReportBody } from '../domain/community/reports';
import { communityInputs, DEVICE_HEADER } from './openapi';
import { reportCapHit, secondsUntilNextUtcDay, utcDate, type ReportCapScope } from '../domain/community/score';
import { canRenameAt, checkUsername } from '../domain/community/usernames';

// Uploads are decoded once and never again: libvips' operation cache would only hold
// decoded pixels of untrusted images in memory.
sharp.cache(false);

const IMAGE_CACHE_CONTROL = `public, max-age=${7 * 24 * 60 * 60}, immutable`;

/** The device hash of the caller from its X-Device-Id header (the validator has refused a required one absent). */
function deviceHashOf(deviceId: string, salt: string): string {
  const check = validateDeviceId(deviceId);
  if (!check.ok) {
    if (check.code === 'device_id_required') throw new ApiError(400, 'device_id_required', check.message, { param: DEVICE_HEADER });
    throw invalidParameter(DEVICE_HEADER, check.message);
  }
  return hashDeviceId(check.deviceId, salt);
}

/** An ImageError from images.ts as the contract's 400 (invalid_photo / invalid_image). */
async function readImage<T>(read: () => Promise<T>, param: string): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ImageError) throw new ApiError(400, error.code, error.message, { param });
    throw error;
  }
}

function capRefusal(scope: ReportCapScope, now: Date): ApiError {
  const message =
    scope === 'device'
      ? 'this device has filed 25 reports today (UTC), the daily limit across all restaurants; try again after 00:00 UTC'
      : 'this device has filed 3 reports about this restaurant today (UTC), the daily limit per restaurant; try again after 00:00 UTC';
  return new ApiError(429, 'report_cap', message, { extra: { scope }, retryAfterSeconds: secondsUntilNextUtcDay(now) });
}

function sendImage(ctx: RouteContext, image: StoredImage | null, what: string): void {
  if (!image) throw notFound(what);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Cache-Control', IMAGE_CACHE_CONTROL);
  ctx.type = image.contentType;
  ctx.body = image.bytes;
}

export function communityRoutes(deps: AppDeps): Route[] {
  // Read per request: the route list is also built without a config (contract tests).
  const salt = () => deps.config.deviceIdSalt;
  const decodes = () => imageDecodeQueue(deps.config.imageDecodes);
  return [
    route({
      method: 'post',
      path: '/api/v1/restaurants/{camis}/reports',
      input: communityInputs.createReport,
      async handler(ctx, { params: { camis }, headers, body }) {
        const deviceHash = deviceHashOf(headers[DEVICE_HEADER], salt());
        const validation = validateReportBody(body);
        if (!validation.ok) {
          const { errors } = validation;
          throw new ApiError(400, validation.code, errors[0].message, { details: errors, ...(errors.length === 1 && { param: errors[0].param }) });
        }
        const { store } = ctx.state;
        if (!(await establishmentExists(store.pg, camis))) throw notFound(`restaurant ${camis}`);
        const now = new Date();
        // A device over its cap is refused before any photo costs a decode; the count under the
        // device lock below stays the rule (a concurrent report may take the last slot meanwhile).
        const capHit = reportCapHit(await reportsToday(store.pg, store.sandbox, deviceHash, camis, now));
        if (capHit) throw capRefusal(capHit, now);
        const checked: CheckedImage[] = [];
        for (const [index, photo] of validation.value.photos.entries()) checked.push(await readImage(() => checkReportPhoto(photo), `photos[${index}]`));
        // Decoded in the process's decode queue, one photo after another, before the device
        // lock is taken: the lock is held only for the cap check and the insert.
        const photos = checked.length
          ? await decodes().run(async () => {
              const rendered: ProcessedImage[] = [];
              for (const [index, image] of checked.entries()) rendered.push(await readImage(() => renderReportPhoto(image), `photos[${index}]`));
              return rendered;
            })
          : [];
        const clientKey = reportClientKey(clientOf(ctx.ip), camis, utcDate(now), salt());
        const result = await withDeviceLock(store.pg, store.sandbox, deviceHash, (client) =>
          fileReport(client, { ...validation.value, camis, sandbox: store.sandbox, deviceHash, clientKey, photos, now }),
        );
        if (!result.ok) throw capRefusal(result.scope, now);
        ctx.status = 201;
        ctx.body = { data: result.report };
      },
    }),
    route({
      method: 'get',
      path: '/api/v1/restaurants/{camis}/reports',
      input: communityInputs.listReports,
      async handler(ctx, { params: { camis }, query }) {
        const { store } = ctx.state;
        ctx.body = await cursorPage(deps.cursors, store.mode, {
          list: 'restaurant-reports',
          query,
          scope: { camis },
          position: SEQ_POSITION,
          async rows(after) {
            if (!(await establishmentExists(store.pg, camis))) throw notFound(`restaurant ${camis}`);
            return publicReportsPage(store.pg, { sandbox: store.sandbox, camis, kinds: query.kind ?? null, beforeSeq: seqOf(after), limit: query.limit + 1 });
          },
          positionOf: (row) => [row.seq],
          item: withoutSeq,
        });
      },
    }),
    route({
      method: 'get',
      path: '/api/v1/reports/photos/{photoId}',
      input: communityInputs.photo,
      async handler(ctx, { params: { photoId } }) {
        const { store } = ctx.state;
        sendImage(ctx, isIssuedId(photoId) ? await publicPhoto(store.pg, store.sandbox, photoId) : null, 'photo');
      },
    }),
    route({
      method: 'get',
      path: '/api/v1/profile',
      input: communityInputs.profile,
      async handler(ctx, { headers }) {
        const deviceHash = deviceHashOf(headers[DEVICE_HEADER], salt());
        const { store } = ctx.state;
        ctx.body = { data: profileOf(deviceHash, await readDevice(store.pg, store.sandbox, deviceHash), new Date()) };
      },
    }),
    route({
      method: 'patch',
      path: '/api/v1/profile',
      input: communityInputs.updateProfile,
      async handler(ctx, { headers, body: { username } }) {
        const deviceHash = deviceHashOf(headers[DEVICE_HEADER], salt());
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
          if (!(await setUsername(client, store.sandbox, deviceHash, username, check.key, now))) {
            throw new ApiError(409, 'username_taken', `the username ${username} is taken; choose another`, { param: 'username' });
          }
          return profileOf(deviceHash, await readDevice(client, store.sandbox, deviceHash), now);
        });
        ctx.body = { data: profile };
      },
    }),
    route({
      method: 'delete',
      path: '/api/v1/profile',
      input: communityInputs.profile,
      async handler(ctx, { headers }) {
        const { store } = ctx.state;
        await eraseDevice(store.pg, store.sandbox, deviceHashOf(headers[DEVICE_HEADER], salt()));
        ctx.status = 204;
      },
    }),
    route({
      method: 'post',
      path: '/api/v1/profile/avatar',
      input: communityInputs.uploadAvatar,
      async handler(ctx, { headers, body }) {
        const deviceHash = deviceHashOf(headers[DEVICE_HEADER], salt());
        const checked = await readImage(() => checkAvatar(body.image), 'image');
        const avatar = await decodes().run(() => readImage(() => renderAvatar(checked), 'image'));
        const now = new Date();
        const { store } = ctx.state;
        const profile = await withDeviceLock(store.pg, store.sandbox, deviceHash, async (client) => {
          await replaceAvatar(client, store.sandbox, deviceHash, avatar);
          return profileOf(deviceHash, await readDevice(client, store.sandbox, deviceHash), now);
        });
        ctx.body = { data: profile };
      },
    }),
    route({
      method: 'get',
      path: '/api/v1/profiles/avatars/{id}',
      input: communityInputs.avatar,
      async handler(ctx, { params: { id } }) {
        const { store } = ctx.state;
        sendImage(ctx, isIssuedId(id) ? await avatarImage(store.pg, store.sandbox, id) : null, 'avatar');
      },
    }),
    route({
      method: 'get',
      path: '/api/v1/profile/username-check',
      input: communityInputs.usernameCheck,
      async handler(ctx, { query, headers }) {
        const deviceId = headers[DEVICE_HEADER];
        const deviceHash = deviceId === undefined ? null : deviceHashOf(deviceId, salt());
        const check = checkUsername(query.username);
        if (!check.ok) {
          ctx.body = { data: { available: false, reason: check.reason } };
          return;
        }
        const { store } = ctx.state;
        const holder = await usernameHolder(store.pg, store.sandbox, check.key);
        ctx.body = { data: holder === undefined || holder === deviceHash ? { available: true } : { available: false, reason: 'taken' } };
      },
    }),
    route({
      method: 'get',
      path: '/api/v1/profile/reports',
      input: communityInputs.ownReports,
      async handler(ctx, { headers, query }) {
        const deviceHash = deviceHashOf(headers[DEVICE_HEADER], salt());
        const { store } = ctx.state;
        ctx.body = await cursorPage(deps.cursors, store.mode, {
          list: 'own-reports',
          query,
          // Bound to the device too, so one device's cursor cannot page another's history.
          scope: { device: deviceHash },
          position: SEQ_POSITION,
          rows: (after) => ownReportsPage(store.pg, { sandbox: store.sandbox, deviceHash, beforeSeq: seqOf(after), limit: query.limit + 1 }),
          positionOf: (row) => [row.seq],
          item: withoutSeq,
        });
      },
    }),
  ];
}
