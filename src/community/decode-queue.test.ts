import { ApiError } from '../errors';
import { DecodeQueue, imageDecodeQueue } from './decode-queue';

/** A decode that runs until the test lets it finish, and says when it started. */
function gatedDecode(log: string[], name: string) {
  let finish!: () => void;
  const gate = new Promise<void>((resolve) => (finish = resolve));
  const decode = async () => {
    log.push(`start ${name}`);
    await gate;
    log.push(`end ${name}`);
    return name;
  };
  return { decode, finish };
}

/** Lets every settled promise's callbacks run (p-limit starts a queued call a microtask later). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('DecodeQueue', () => {
  it('runs at most `concurrency` decodes, queues `waiting` more in arrival order, and refuses the next with 503', async () => {
    const queue = new DecodeQueue({ concurrency: 2, waiting: 2 });
    const log: string[] = [];
    const jobs = ['a', 'b', 'c', 'd'].map((name) => gatedDecode(log, name));
    const results = jobs.map((job) => queue.run(job.decode));
    await settle();
    expect(log).toEqual(['start a', 'start b']);
    expect(queue.stats()).toEqual({ running: 2, waiting: 2, started: 2 });

    const refused = await queue.run(async () => 'e').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 503, code: 'unavailable', options: { retryAfterSeconds: expect.any(Number) } });
    expect((refused as ApiError).options.retryAfterSeconds).toBeGreaterThan(0);

    jobs[1].finish();
    await settle();
    expect(log).toEqual(['start a', 'start b', 'end b', 'start c']);
    expect(queue.stats()).toEqual({ running: 2, waiting: 1, started: 3 });
    // A slot freed makes room in the queue again.
    const late = gatedDecode(log, 'f');
    const lateResult = queue.run(late.decode);

    for (const job of [jobs[0], jobs[2], jobs[3], late]) job.finish();
    expect(await Promise.all([...results, lateResult])).toEqual(['a', 'b', 'c', 'd', 'f']);
    expect(log.filter((line) => line.startsWith('start'))).toEqual(['start a', 'start b', 'start c', 'start d', 'start f']);
    expect(queue.stats()).toEqual({ running: 0, waiting: 0, started: 5 });
  });

  it('frees the slot of a decode that fails', async () => {
    const queue = new DecodeQueue({ concurrency: 1, waiting: 0 });
    await expect(queue.run(async () => Promise.reject(new Error('corrupt')))).rejects.toThrow('corrupt');
    expect(await queue.run(async () => 'next')).toBe('next');
  });

  it('refuses calls made in the same tick once the bound is reached', async () => {
    const queue = new DecodeQueue({ concurrency: 1, waiting: 1 });
    const log: string[] = [];
    const jobs = [gatedDecode(log, 'a'), gatedDecode(log, 'b'), gatedDecode(log, 'c')];
    const outcomes = jobs.map((job) => queue.run(job.decode).then(() => 'done', (error: ApiError) => error.code));
    for (const job of jobs) job.finish();
    expect(await Promise.all(outcomes)).toEqual(['done', 'done', 'unavailable']);
  });

  it('is one queue per process for one setting', () => {
    expect(imageDecodeQueue({ concurrency: 1, waiting: 3 })).toBe(imageDecodeQueue({ concurrency: 1, waiting: 3 }));
  });
});
