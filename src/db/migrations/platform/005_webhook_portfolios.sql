-- Webhooks can select by owner portfolio (src/changes/webhooks/match.ts): the changes of the
-- portfolios listed and of the lots placed in them. Selects together with entity_ids, zips
-- and boroughs (any of them); empty: no restriction.
alter table webhook_subscriptions add column portfolio_ids text[] not null default '{}';
