import type { Client } from '@elastic/elasticsearch';
import { answerCache } from './answer-cache';

const es = {} as Client;
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A cache over a generation the test sets, on a clock the test moves. */
function setup(options: { maxBytes?: number; checkMs?: number } = {}) {
  const world = { generation: 'g1' as string | Error, clock: 0, checks: 0, computed: 0 };
  const cache = answerCache(
    { enabled: true, maxBytes: options.maxBytes ?? 1000, checkMs: options.checkMs ?? 1000 },
    async () => {
      world.checks++;
      if (world.generation instanceof Error) throw world.generation;
      return world.generation;
    },
    () => world.clock,
  );
  const ask = (key: string, answer = `answer of ${key}`, index = 'live_restaurants') =>
    cache.answer(es, index, key, async () => {
      world.computed++;
      return answer;
    });
  return { world, cache, ask };
}

test('keeps nothing before the index generation is known, then serves what it kept', async () => {
  const { world, ask } = setup();
  expect(await ask('a')).toBe('answer of a');
  await settle();
  expect(await ask('a')).toBe('answer of a');
  expect(await ask('a')).toBe('answer of a');
  expect(world.computed).toBe(2);
  expect(world.checks).toBe(1);
});

test('a change of generation drops every answer of that index, none of another', async () => {
  const { world, ask } = setup();
  await ask('a');
  await ask('b', 'b', 'test_restaurants');
  await settle();
  await ask('a');
  await ask('b', 'b', 'test_restaurants');
  expect(world.computed).toBe(4);
  world.generation = 'g2';
  world.clock = 1000;
  await ask('a'); // served while the check runs (at most 2 x checkMs behind)
  await settle();
  expect(await ask('a', 'new a')).toBe('new a');
  expect(world.computed).toBe(5);
  await settle();
  expect(await ask('a')).toBe('new a');
  expect(world.computed).toBe(5);
});

test('an answer computed while the generation moved is not kept', async () => {
  const { world, cache } = setup();
  await cache.answer(es, 'i', 'k', async () => 'x');
  await settle();
  world.clock = 1500;
  world.generation = 'g2';
  // The check starts with this request and finishes while the answer is being computed.
  const racing = await cache.answer(es, 'i', 'k2', async () => {
    await settle();
    return 'read before the change';
  });
  expect(racing).toBe('read before the change');
  await settle();
  expect(await cache.answer(es, 'i', 'k2', async () => 'read after')).toBe('read after');
});

test('serves nothing from the cache once no check has succeeded for two intervals', async () => {
  const { world, ask } = setup();
  await ask('a');
  await settle();
  await ask('a');
  expect(world.computed).toBe(2);
  world.clock = 2000; // idle for two intervals: the next request must not trust the cache
  await ask('a');
  expect(world.computed).toBe(3);
  await settle();
  await ask('a');
  expect(world.computed).toBe(3);
});

test('a failed check serves nothing once the last good check is two intervals old; a good one with the same generation serves again', async () => {
  const { world, ask } = setup();
  await ask('a');
  await settle();
  await ask('a');
  expect(world.computed).toBe(2);
  world.generation = new Error('Elasticsearch down');
  world.clock = 1000;
  await ask('a'); // served: the last good check is one interval old
  await settle();
  expect(world.computed).toBe(2);
  world.clock = 2000;
  await ask('a');
  await ask('a');
  expect(world.computed).toBe(4);
  world.generation = 'g1';
  world.clock = 3000;
  await ask('a');
  await settle();
  await ask('a');
  expect(world.computed).toBe(5);
});

test('concurrent misses of one key share one computation', async () => {
  const { world, ask } = setup();
  await ask('warm');
  await settle();
  const answers = await Promise.all([ask('a'), ask('a'), ask('a')]);
  expect(answers).toEqual(['answer of a', 'answer of a', 'answer of a']);
  expect(world.computed).toBe(2);
});

test('keeps at most maxBytes, dropping the least recently used first', async () => {
  const { world, ask } = setup({ maxBytes: 20 });
  await ask('warm', 'w');
  await settle();
  await ask('a', 'aaaaaaaaa'); // 9
  await ask('b', 'bbbbbbbbb'); // 18 with a
  await ask('a', 'aaaaaaaaa'); // a used again: b is now the oldest
  await ask('c', 'ccccccccc'); // 27 > 20: b goes
  const computed = world.computed;
  await ask('a', 'aaaaaaaaa');
  await ask('c', 'ccccccccc');
  expect(world.computed).toBe(computed);
  await ask('b', 'bbbbbbbbb');
  expect(world.computed).toBe(computed + 1);
});

test('off: every answer is computed', async () => {
  let computed = 0;
  const cache = answerCache({ enabled: false, maxBytes: 1000, checkMs: 1000 });
  for (let i = 0; i < 3; i++) await cache.answer(es, 'i', 'k', async () => String(++computed));
  expect(computed).toBe(3);
});
