import { batchAnswer } from '../../contract/batch';
import { type Route, route } from '../../contract/routes';
import type { AppDeps } from '../../deps';
import { notFound } from '../../errors';
import { PROPERTY_BATCH_MAX, profileInputs } from './openapi';
import { propertyProfiles } from './store';

/** A bbl a lot can have: 10 digits. Anything else is answered as not found without a read. */
const WELL_FORMED_BBL = /^[0-9]{10}$/;

export function profileRoutes(_deps: AppDeps): Route[] {
  return [
    route({
      method: 'post',
      path: '/api/v1/properties/batch',
      input: profileInputs.batch,
      async handler(ctx, { body }) {
        ctx.body = await batchAnswer(body.bbls, {
          max: PROPERTY_BATCH_MAX,
          param: 'bbls',
          load: (ids) => propertyProfiles(ctx.state.store, ids.filter((id) => WELL_FORMED_BBL.test(id))),
        });
      },
    }),
    route({
      method: 'get',
      path: '/api/v1/properties/{bbl}',
      input: profileInputs.profile,
      async handler(ctx, { params: { bbl } }) {
        const profile = (await propertyProfiles(ctx.state.store, [bbl])).get(bbl);
        if (!profile) throw notFound(`property ${bbl}`);
        ctx.body = { data: profile };
      },
    }),
  ];
}
