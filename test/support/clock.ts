/** Every timer jest could fake but Date: the server, Postgres and Elasticsearch clients keep their real timers. */
const REAL_TIMERS = [
  'hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback',
  'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout',
] as const;

/** Moves only Date to `now` (undo with jest.useRealTimers()). */
export const fakeDateOnly = (now: Date | number) => jest.useFakeTimers({ doNotFake: [...REAL_TIMERS], now });
