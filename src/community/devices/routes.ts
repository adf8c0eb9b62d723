import { cursorPage } from '../../contract/lists';
import { type Route, route } from '../../contract/routes';
import type { AppDeps } from '../../deps';
import { hashDeviceId, validateDeviceId } from '../../domain/community/devices';
import { isIssuedId } from '../../domain/community/ids';
import { canRenameAt, checkUsername } from '../../domain/community/usernames';
import { ApiError, invalidParameter } from '../../errors';
import { imageDecodeQueue } from '../decode-queue';
import { checkAvatar, readImage, renderAvatar, sendImage } from '../images';
import { SEQ_POSITION, seqOf, withoutSeq } from '../reports/shape';
import { ownReportsPage } from '../reports/store';
import { DEVICE_HEADER, deviceInputs } from './openapi';
import { profileOf } from './shape';
import { avatarImage, eraseDevice, readDevice, replaceAvatar, setUsername, usernameHolder, withDeviceLock } from './store';

/** The device hash of the caller from its X-Device-Id header (the validator has refused a required one absent). */
export function deviceHashOf(deviceId: string, salt: string): string {
  const check = validateDeviceId(deviceId);
  if (!check.ok) {
    if (check.code === 'device_id_required') throw new ApiError(400, 'device_id_required', check.message, { param: DEVICE_HEADER });
    throw invalidParameter(DEVICE_HEADER, check.message);
  }
  return hashDeviceId(check.deviceId, salt);
}

/** The calling device's profile: its username, avatar, own reports and erasure. */
export function deviceRoutes(deps: AppDeps): Route[] {
  // Read per request: the route list is also built without a config (contract tests).
  const salt = () => deps.config.deviceIdSalt;
  const decodes = () => imageDecodeQueue(deps.config.imageDecodes);
  return [
    route({
      method: 'get',
      path: '/api/v1/profile',
      input: deviceInputs.profile,
      async handler(ctx, { headers }) {
        const deviceHash = deviceHashOf(headers[DEVICE_HEADER], salt());
        const { store } = ctx.state;
        ctx.body = { data: profileOf(deviceHash, await readDevice(store.pg, store.sandbox, deviceHash), new Date()) };
      },
    }),
    route({
      method: 'patch',
      path: '/api/v1/profile',
      input: deviceInputs.updateProfile,
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
      input: deviceInputs.profile,
      async handler(ctx, { headers }) {
        const { store } = ctx.state;
        await eraseDevice(store.pg, store.sandbox, deviceHashOf(headers[DEVICE_HEADER], salt()));
        ctx.status = 204;
      },
    }),
    route({
      method: 'post',
      path: '/api/v1/profile/avatar',
      input: deviceInputs.uploadAvatar,
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
      input: deviceInputs.avatar,
      async handler(ctx, { params: { id } }) {
        const { store } = ctx.state;
        sendImage(ctx, isIssuedId(id) ? await avatarImage(store.pg, store.sandbox, id) : null, 'avatar');
      },
    }),
    route({
      method: 'get',
      path: '/api/v1/profile/username-check',
      input: deviceInputs.usernameCheck,
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
      input: deviceInputs.ownReports,
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
