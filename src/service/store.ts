import { esAnswers } from '../search/es';
import type { Stores } from '../stores';

async function postgresAnswers(stores: Stores): Promise<boolean> {
  try {
    await stores.platform.query({ text: 'select 1', query_timeout: 1500 } as never);
    return true;
  } catch {
    return false;
  }
}

/** Both stores are asked on every call, so health follows a store going down or coming back within one probe. */
export async function storesAnswer(stores: Stores): Promise<boolean> {
  const [pg, es] = await Promise.all([postgresAnswers(stores), esAnswers(stores.es)]);
  return pg && es;
}
