import { cursorPage } from '../../contract/lists';
import { type Route, route } from '../../contract/routes';
import type { AppDeps } from '../../deps';
import { ApiError, invalidBody, notFound } from '../../errors';
import { MAX_SUBSCRIPTIONS_PER_KEY, type WebhookInputs } from './openapi';
import { newWebhookSecret } from './signature';
import { createSubscription, deleteSubscription, deliveryItemOf, deliveryRows, keySubscriptions, subscriptionOfKey } from './store';
import { resolvedTargetProblem } from './targets';

export function webhookRoutes(deps: AppDeps, inputs: WebhookInputs): Route[] {
  const platform = deps.stores.platform;
  return [
    route({
      method: 'post',
      path: '/api/v1/webhooks',
      input: inputs.create,
      async handler(ctx, { body }) {
        const { key } = ctx.state;
        // The consoles' public key is everyone's: a subscription needs an owner.
        if (key.limitPerClient) throw new ApiError(403, 'forbidden', 'the public test key cannot subscribe to webhooks; create a key of your own (npm run keys -- create)');
        const problem = await resolvedTargetProblem(body.url, deps.config.webhooks.allowPrivateTargets);
        if (problem) throw invalidBody(problem, undefined, 'url');
        const secret = newWebhookSecret();
        const webhook = await createSubscription(
          platform,
          key,
          {
            url: body.url,
            description: body.description ?? null,
            families: body.families ?? [],
            kinds: body.kinds ?? [],
            entityIds: body.entityIds ?? [],
            zips: body.zips ?? [],
            boroughs: body.boroughs ?? [],
            portfolioIds: body.portfolioIds ?? [],
            secret,
          },
          MAX_SUBSCRIPTIONS_PER_KEY,
        );
        if (!webhook) throw new ApiError(409, 'too_many_webhooks', `a key has at most ${MAX_SUBSCRIPTIONS_PER_KEY} webhook subscriptions; delete one first`);
        ctx.status = 201;
        ctx.body = { data: { webhook, secret } };
      },
    }),
    route({
      method: 'get',
      path: '/api/v1/webhooks',
      input: inputs.list,
      async handler(ctx) {
        ctx.body = { data: await keySubscriptions(platform, ctx.state.key.id, MAX_SUBSCRIPTIONS_PER_KEY) };
      },
    }),
    route({
      method: 'delete',
      path: '/api/v1/webhooks/{id}',
      input: inputs.remove,
      async handler(ctx, { params: { id } }) {
        if (!(await deleteSubscription(platform, ctx.state.key.id, id))) throw notFound(`webhook ${id}`);
        ctx.status = 204;
      },
    }),
    route({
      method: 'get',
      path: '/api/v1/webhooks/{id}/deliveries',
      input: inputs.deliveries,
      async handler(ctx, { params: { id }, query }) {
        if (!(await subscriptionOfKey(platform, ctx.state.key.id, id))) throw notFound(`webhook ${id}`);
        ctx.body = await cursorPage(deps.cursors, ctx.state.store.mode, {
          list: 'webhook-deliveries',
          query,
          scope: { webhook: id },
          position: ['integer'],
          rows: (after) => deliveryRows(platform, id, after, query.limit + 1),
          positionOf: (row) => [Number(row.id)],
          item: deliveryItemOf,
        });
      },
    }),
  ];
}
