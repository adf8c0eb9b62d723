import { Client } from 'pg';

/**
 * Which data schemas changed, as Postgres reports it: the tables that kept reads read have a
 * statement trigger (migrations/data/604_data_changed_notify.sql) that notifies DATA_CHANGED
 * with the table's schema when a statement writes them, delivered to every listening session
 * once the writing transaction commits. A process keeps one listening connection and counts
 * notifications per schema; a kept read (kept-reads.ts) is served only while its schema's
 * count is what it was when the read was made.
 *
 * Delivery is asynchronous, so a process that has just committed a write syncs with its
 * listener before going on (syncAfterCommit, called by every pooled client after a commit):
 * Postgres sends the notifications of a committed transaction before it answers a query
 * started after the commit. A read in this process that follows its own write is therefore
 * never served from before the write; another process's commit reaches here within the
 * notification's delivery time (milliseconds).
 */
export const DATA_CHANGED_CHANNEL = 'nyc_data_changed';

interface ListenerState {
  client: Client | null;
  /** Bumped whenever the listener connects or loses its connection: every kept read made before is void. */
  epoch: number;
  changes: Map<string, number>;
  users: number;
  databaseUrl: string;
  timeoutMs: number;
  reconnect: NodeJS.Timeout | null;
  closing: boolean;
  /** The round trip on its way (syncAfterCommit), and the one the commits made meanwhile wait for. */
  syncing: Promise<void> | null;
  nextSync: Promise<void> | null;
}

let state: ListenerState | null = null;

/** Whether kept reads may be served: a listener is connected. */
export function listening(): boolean {
  return state?.client != null;
}

/** The current version of a schema's data as this process knows it, or null while not listening. */
export function dataVersion(schema: string): string | null {
  if (!state?.client) return null;
  return `${state.epoch}:${state.changes.get(schema) ?? 0}`;
}

/**
 * Starts (or joins) the process's listener (`databaseUrl` without its `options` parameter: the
 * listening session needs no search path); the returned function leaves it, and the last one
 * to leave closes the connection. Resolves once the first connection listens (or failed: kept
 * reads are then not served until a reconnection succeeds).
 */
export async function listenForDataChanges(databaseUrl: string, timeoutMs: number): Promise<() => Promise<void>> {
  if (!state) {
    state = { client: null, epoch: 0, changes: new Map(), users: 0, databaseUrl, timeoutMs, reconnect: null, closing: false, syncing: null, nextSync: null };
    await connect(state);
  }
  state.users += 1;
  const joined = state;
  let left = false;
  return async () => {
    if (left) return;
    left = true;
    joined.users -= 1;
    if (joined.users > 0) return;
    joined.closing = true;
    if (joined.reconnect) clearTimeout(joined.reconnect);
    const client = joined.client;
    drop(joined);
    if (state === joined) state = null;
    await client?.end().catch(() => undefined);
  };
}

async function connect(listener: ListenerState): Promise<void> {
  const client = new Client({ connectionString: listener.databaseUrl, connectionTimeoutMillis: listener.timeoutMs, query_timeout: listener.timeoutMs });
  client.on('error', () => lost(listener, client));
  client.on('end', () => lost(listener, client));
  client.on('notification', (message) => {
    if (message.channel !== DATA_CHANGED_CHANNEL || !message.payload) return;
    listener.changes.set(message.payload, (listener.changes.get(message.payload) ?? 0) + 1);
  });
  try {
    await client.connect();
    await client.query(`listen ${DATA_CHANGED_CHANNEL}`);
  } catch {
    await client.end().catch(() => undefined);
    lost(listener, client);
    return;
  }
  if (listener.closing) {
    await client.end().catch(() => undefined);
    return;
  }
  listener.epoch += 1;
  listener.client = client;
}

/** Kept reads stop being served at once, and a new connection is tried a second later. */
function lost(listener: ListenerState, client: Client): void {
  if (listener.client !== null && listener.client !== client) return;
  drop(listener);
  if (listener.closing || listener.reconnect) return;
  listener.reconnect = setTimeout(() => {
    listener.reconnect = null;
    void connect(listener);
  }, 1000);
  listener.reconnect.unref();
}

function drop(listener: ListenerState): void {
  const client = listener.client;
  listener.client = null;
  listener.epoch += 1;
  listener.changes.clear();
  if (client) void client.end().catch(() => undefined);
}

/**
 * After a commit of this process: wait until the listener has heard of it (a round trip on
 * the listening connection). Without a listener there is nothing kept to invalidate; a failed
 * round trip drops the listener, which voids every kept read.
 */
export function syncAfterCommit(): Promise<void> {
  const listener = state;
  if (!listener?.client) return Promise.resolve();
  // One round trip at a time on the connection: a commit made while one is on its way waits
  // for the next, which every such commit shares (one started before a commit proves nothing about it).
  if (!listener.syncing) return roundTrip(listener);
  listener.nextSync ??= listener.syncing.then(() => {
    listener.nextSync = null;
    return roundTrip(listener);
  });
  return listener.nextSync;
}

function roundTrip(listener: ListenerState): Promise<void> {
  const client = listener.client;
  if (!client) return Promise.resolve();
  const trip: Promise<void> = client
    .query('select 1')
    .then(
      () => undefined,
      () => lost(listener, client),
    )
    .finally(() => {
      if (listener.syncing === trip) listener.syncing = null;
    });
  listener.syncing = trip;
  return trip;
}
