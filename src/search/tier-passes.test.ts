import { fillFromPasses, type PassSchedule } from './tier-passes';

/** A pass answering `items` (asked for the whole limit), counting its calls. */
function pass(items: string[]) {
  const search = jest.fn(async () => items);
  return search;
}

const id = (item: string) => item;

describe.each<PassSchedule>(['sequential', 'concurrent'])('fillFromPasses, %s', (schedule) => {
  it('keeps the earlier passes first and fills the room with what the later ones found, each item once', async () => {
    const found = await fillFromPasses(4, [pass(['a', 'b']), null, pass(['b', 'c', 'a', 'd']), pass(['e'])], id, schedule);
    expect(found).toEqual(['a', 'b', 'c', 'd']);
  });

  it('answers no more than the limit when the first pass fills it', async () => {
    expect(await fillFromPasses(2, [pass(['a', 'b']), pass(['c'])], id, schedule)).toEqual(['a', 'b']);
  });

  it('answers nothing when no pass has a tier for the query', async () => {
    expect(await fillFromPasses(5, [null, null], id, schedule)).toEqual([]);
  });
});

test('sequential: a later pass is not asked once the list is full', async () => {
  const later = pass(['c']);
  await fillFromPasses(2, [pass(['a', 'b']), later], id, 'sequential');
  expect(later).not.toHaveBeenCalled();
});

test('concurrent: every pass is asked at once, before any has answered', async () => {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const first = jest.fn(async () => {
    await gate;
    return ['a'];
  });
  const second = pass(['b']);
  const answer = fillFromPasses(2, [first, second], id, 'concurrent');
  await Promise.resolve();
  expect(second).toHaveBeenCalled();
  release();
  expect(await answer).toEqual(['a', 'b']);
});
