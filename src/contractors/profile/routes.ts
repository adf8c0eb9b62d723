import { batchAnswer } from '../../contract/batch';
import { type Route, route } from '../../contract/routes';
import type { AppDeps } from '../../deps';
import { notFound } from '../../errors';
import { clockOf } from '../../platform/fixture-clock';
import { canonicalLink, SLUG_PATTERN } from '../types';
import { CONTRACTOR_BATCH_MAX, contractorProfileInputs } from './openapi';
import { contractorProfiles } from './store';

export function contractorProfileRoutes(_deps: AppDeps): Route[] {
  return [
    route({
      method: 'post',
      path: '/api/v1/contractors/batch',
      input: contractorProfileInputs.batch,
      async handler(ctx, { body }) {
        const { store } = ctx.state;
        ctx.body = await batchAnswer(body.slugs, {
          max: CONTRACTOR_BATCH_MAX,
          param: 'slugs',
          load: (ids) => contractorProfiles(store, ids.filter((id) => SLUG_PATTERN.test(id)), clockOf(store)),
        });
      },
    }),
    route({
      method: 'get',
      path: '/api/v1/contractors/{slug}',
      input: contractorProfileInputs.profile,
      async handler(ctx, { params: { slug } }) {
        const { store } = ctx.state;
        const profile = (await contractorProfiles(store, [slug], clockOf(store))).get(slug);
        if (!profile) throw notFound(`contractor ${slug}`);
        const link = canonicalLink(ctx.path, slug, profile.slug, ctx.querystring);
        if (link) ctx.set('Link', link);
        ctx.body = { data: profile };
      },
    }),
  ];
}
