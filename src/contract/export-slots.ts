import { ApiError } from '../errors';

/** What a refused export's client is told to wait: a slot frees when any running export ends. */
export const EXPORT_RETRY_SECONDS = 10;

/**
 * How many CSV exports one process runs at once, per mode, and per caller within a mode.
 *
 * An export holds at most one Postgres connection of its mode's pool at a time (a COPY holds
 * one for its whole life, a keyset walk one per batch, an Elasticsearch walk none), and a slow
 * client holds its export as long as it likes up to the stall and time limits: uncapped, as
 * many exports as the pool has connections leave every other Postgres route of the mode
 * waiting for a connection. A quarter of the pool for exports keeps three quarters for the
 * pages; half of the exports for one caller keeps one caller from taking them all.
 */
export class ExportSlots {
  private readonly running = new Map<string, number>();

  constructor(
    readonly perMode: number,
    readonly perCaller: number,
  ) {}

  /** The slots for a mode's pool of poolSize connections: a quarter of it, half of that per caller, at least one each. */
  static forPool(poolSize: number): ExportSlots {
    const perMode = Math.max(1, Math.floor(poolSize / 4));
    return new ExportSlots(perMode, Math.max(1, Math.floor(perMode / 2)));
  }

  /** Exports running in the mode (for a caller, when given). */
  count(mode: string, caller?: string): number {
    return this.running.get(caller === undefined ? mode : `${mode}\n${caller}`) ?? 0;
  }

  /**
   * Takes a slot of the mode for the caller, or refuses with 429 too_many_exports. The
   * function returned gives the slot back; calls after the first do nothing.
   */
  take(mode: string, caller: string): () => void {
    if (this.count(mode, caller) >= this.perCaller) {
      throw tooManyExports(`this key already runs ${this.perCaller} CSV export${this.perCaller === 1 ? '' : 's'}, the most one key may run at once; retry when one of them has ended`);
    }
    if (this.count(mode) >= this.perMode) {
      throw tooManyExports(`the server already runs ${this.perMode} CSV exports for ${mode} keys, the most it runs at once; retry shortly`);
    }
    const keys = [mode, `${mode}\n${caller}`];
    for (const key of keys) this.running.set(key, (this.running.get(key) ?? 0) + 1);
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      for (const key of keys) {
        const left = (this.running.get(key) ?? 1) - 1;
        if (left > 0) this.running.set(key, left);
        else this.running.delete(key);
      }
    };
  }
}

function tooManyExports(message: string): ApiError {
  return new ApiError(429, 'too_many_exports', message, { retryAfterSeconds: EXPORT_RETRY_SECONDS });
}
