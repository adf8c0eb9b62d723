/**
 * The process's image decodes: off the event loop, a fixed number at once, a bounded queue.
 *
 * sharp decodes on libuv's threadpool, yet uploads decoding at once beyond the cores starve the
 * rest of the process (four at once on two cores held unrelated requests for seconds). So at
 * most `concurrency` uploads decode at once, each on one libvips thread; up to `waiting` more
 * wait their turn in arrival order; past that an upload is refused at once with 503 unavailable
 * and Retry-After, before anything of it is decoded or stored. An upload holds one slot for all
 * its images (a report's photos render one after another), so a report never half-decodes.
 */
import pLimit from 'p-limit';
import sharp from 'sharp';
import { unavailable } from '../errors';

// Decodes at once then bound the cores image work takes: one libvips thread each.
sharp.concurrency(1);

export interface DecodeQueueSettings {
  /** Uploads decoding at once (IMAGE_DECODES). */
  concurrency: number;
  /** Uploads waiting for a slot before more are refused (IMAGE_DECODE_QUEUE). */
  waiting: number;
}

export class DecodeQueue {
  private readonly limit: pLimit.Limit;
  private startedCount = 0;

  constructor(readonly settings: DecodeQueueSettings) {
    this.limit = pLimit(settings.concurrency);
  }

  /** Runs `decode` when a slot is free, in arrival order; a full queue refuses it at once (503). */
  run<T>(decode: () => Promise<T>): Promise<T> {
    // p-limit counts a call as pending from the moment it is made, so the sum is exact within a tick.
    if (this.limit.activeCount + this.limit.pendingCount >= this.settings.concurrency + this.settings.waiting) {
      return Promise.reject(unavailable('too many images are being processed right now; nothing was stored, retry in a few seconds'));
    }
    return this.limit(() => {
      this.startedCount += 1;
      return decode();
    });
  }

  /** Uploads decoding now, waiting, and started since the process began (metrics and tests). */
  stats(): { running: number; waiting: number; started: number } {
    return { running: this.limit.activeCount, waiting: this.limit.pendingCount, started: this.startedCount };
  }
}

let processQueue: DecodeQueue | null = null;

/**
 * The process's one queue. Every app of a process has the same settings (they come from its
 * config); a test that starts an app with other settings gets a queue of its own.
 */
export function imageDecodeQueue(settings: DecodeQueueSettings): DecodeQueue {
  const same = processQueue && processQueue.settings.concurrency === settings.concurrency && processQueue.settings.waiting === settings.waiting;
  if (!same) processQueue = new DecodeQueue({ ...settings });
  return processQueue!;
}
