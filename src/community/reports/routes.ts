import { cursorPage } from '../../contract/lists';
import { type Route, route } from '../../contract/routes';
import type { AppDeps } from '../../deps';
import { reportClientKey } from '../../domain/community/devices';
import { isIssuedId } from '../../domain/community/ids';
import { validateReportBody } from '../../domain/community/reports';
import { reportCapHit, secondsUntilNextUtcDay, utcDate, type ReportCapScope } from '../../domain/community/score';
import { ApiError, notFound } from '../../errors';
import { clientOf } from '../../http/client-address';
import { imageDecodeQueue } from '../decode-queue';
import { DEVICE_HEADER } from '../devices/openapi';
import { deviceHashOf } from '../devices/routes';
import { withDeviceLock } from '../devices/store';
import { checkReportPhoto, readImage, renderReportPhoto, sendImage, type CheckedImage, type ProcessedImage } from '../images';
import { reportInputs } from './openapi';
import { SEQ_POSITION, seqOf, withoutSeq } from './shape';
import { establishmentExists, fileReport, publicPhoto, publicReportsPage, reportsToday } from './store';

function capRefusal(scope: ReportCapScope, now: Date): ApiError {
  const message =
    scope === 'device'
      ? 'this device has filed 25 reports today (UTC), the daily limit across all restaurants; try again after 00:00 UTC'
      : 'this device has filed 3 reports about this restaurant today (UTC), the daily limit per restaurant; try again after 00:00 UTC';
  return new ApiError(429, 'report_cap', message, { extra: { scope }, retryAfterSeconds: secondsUntilNextUtcDay(now) });
}

/** Filing and reading an establishment's community reports, and their photos. */
export function reportRoutes(deps: AppDeps): Route[] {
  // Read per request: the route list is also built without a config (contract tests).
  const salt = () => deps.config.deviceIdSalt;
  const decodes = () => imageDecodeQueue(deps.config.imageDecodes);
  return [
    route({
      method: 'post',
      path: '/api/v1/restaurants/{camis}/reports',
      input: reportInputs.createReport,
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
      input: reportInputs.listReports,
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
      input: reportInputs.photo,
      async handler(ctx, { params: { photoId } }) {
        const { store } = ctx.state;
        sendImage(ctx, isIssuedId(photoId) ? await publicPhoto(store.pg, store.sandbox, photoId) : null, 'photo');
      },
    }),
  ];
}
