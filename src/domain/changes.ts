/**
 * The change feed's one mechanism, pure: a family declares the kinds of change its entities
 * can have (each with its meaning) and how they are read from an entity's derived state
 * before and after a load or rederive; the feed's whole vocabulary is composed from the
 * families' declarations (src/families.ts), and the ingest compares states with the
 * declaration of the family it loads (ingest/changes/feed.ts). States are small aggregates,
 * not the records, so the comparison is cheap for every changed entity of every chunk.
 */

/** Kept this many days before the clock of the ingest that prunes. */
export const CHANGE_RETENTION_DAYS = 90;

export interface ChangeDetail {
  from?: string | null;
  to?: string | null;
  count?: number;
  /** The obligation kind of a deadline_status_change. */
  obligation?: string;
}

export interface KindOfChange {
  kind: string;
  detail: ChangeDetail;
}

/** One family's part of the change feed. */
export interface ChangeKinds<State> {
  /** The feed's family word ('restaurant'), a change's `family`. */
  family: string;
  /** The entity's resource: /api/v1/<collection>/<entity id>. */
  collection: string;
  /** The entity id's name in the resource's path ('camis': /api/v1/restaurants/{camis}). */
  idParam: string;
  /** The entity id in words, for the document ('a restaurant camis'). */
  entityId: string;
  /** What the compared state holds, in words. */
  state: string;
  /** Each kind this family's entities can have, with its meaning (for the document). */
  kinds: Readonly<Record<string, string>>;
  /**
   * Kinds the load writes as it sees them happen rather than reads from two states (a
   * contractor's tickets moving to another company's slug): compare never returns them.
   */
  observed?: readonly string[];
  /** The kinds of change from an entity's state before to its state after, in the declaration's order. */
  compare(before: State, after: State): KindOfChange[];
}

/** One kind when a count grew, with how much. */
export const more = (kind: string, before: number, after: number): KindOfChange[] => (after > before ? [{ kind, detail: { count: after - before } }] : []);

/** The feed's whole vocabulary: every family's kinds, in the families' order. */
export interface ChangeVocabulary {
  families: readonly string[];
  /** Every kind once, in order of first declaration. */
  kinds: readonly string[];
  /** Each kind's meaning, `family: meaning` for each family that declares it. */
  meanings: Readonly<Record<string, string>>;
  of: readonly ChangeKinds<never>[];
}

export function changeVocabulary(parts: readonly ChangeKinds<never>[]): ChangeVocabulary {
  const kinds = [...new Set(parts.flatMap((part) => Object.keys(part.kinds)))];
  const meanings = Object.fromEntries(
    kinds.map((kind) => [
      kind,
      parts
        .filter((part) => part.kinds[kind] !== undefined)
        .map((part) => `${part.family}: ${part.kinds[kind]}`)
        .join('; '),
    ]),
  );
  return { families: parts.map((part) => part.family), kinds, meanings, of: parts };
}

/** The resource a change links to. */
export const changeLink = (collection: string, entityId: string) => `/api/v1/${collection}/${encodeURIComponent(entityId)}`;
