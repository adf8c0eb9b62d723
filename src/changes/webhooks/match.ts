/**
 * Which changes a subscription receives (pure; the fanout runs it on each batch of changes).
 * Each axis left empty is no restriction. entityIds, zips, boroughs and portfolioIds select
 * together: a change matches when its entity is listed, or its ZIP, or its borough, or the
 * portfolio it concerns (any of them).
 */
export interface SubscriptionFilter {
  families: string[];
  kinds: string[];
  entityIds: string[];
  zips: string[];
  boroughs: string[];
  portfolioIds: string[];
}

export interface MatchableChange {
  family: string;
  entityId: string;
  kind: string;
  zip: string | null;
  borough: string | null;
  /** The owner portfolio the change concerns (its own change, or a change of a lot placed in it); null or absent: none. */
  portfolio?: string | null;
}

export function subscriptionMatches(subscription: SubscriptionFilter, change: MatchableChange): boolean {
  if (subscription.families.length && !subscription.families.includes(change.family)) return false;
  if (subscription.kinds.length && !subscription.kinds.includes(change.kind)) return false;
  const selects = subscription.entityIds.length + subscription.zips.length + subscription.boroughs.length + subscription.portfolioIds.length > 0;
  if (!selects) return true;
  return (
    subscription.entityIds.includes(change.entityId) ||
    (change.zip !== null && subscription.zips.includes(change.zip)) ||
    (change.borough !== null && subscription.boroughs.some((borough) => borough.toLowerCase() === change.borough!.toLowerCase())) ||
    (change.portfolio != null && subscription.portfolioIds.includes(change.portfolio))
  );
}
