import { ApiError } from '../errors';
import { EXPORT_RETRY_SECONDS, ExportSlots } from './export-slots';

function refusal(take: () => unknown): ApiError {
  try {
    take();
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('the slot was given');
}

describe('ExportSlots', () => {
  it('leaves three quarters of a pool to the other routes, and gives one caller half of the exports', () => {
    expect(ExportSlots.forPool(20)).toMatchObject({ perMode: 5, perCaller: 2 });
    expect(ExportSlots.forPool(10)).toMatchObject({ perMode: 2, perCaller: 1 });
    expect(ExportSlots.forPool(2)).toMatchObject({ perMode: 1, perCaller: 1 });
  });

  it("refuses a caller's export over its share with 429 too_many_exports and Retry-After, saying what is allowed", () => {
    const slots = new ExportSlots(5, 2);
    slots.take('live', 'a');
    slots.take('live', 'a');
    const error = refusal(() => slots.take('live', 'a'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: 'too_many_exports', options: { retryAfterSeconds: EXPORT_RETRY_SECONDS } });
    expect(error.message).toBe('this key already runs 2 CSV exports, the most one key may run at once; retry when one of them has ended');
    // Another caller still gets one.
    expect(() => slots.take('live', 'b')).not.toThrow();
  });

  it("refuses any caller once the mode's exports are all running; the other mode has its own", () => {
    const slots = new ExportSlots(3, 2);
    slots.take('live', 'a');
    slots.take('live', 'b');
    slots.take('live', 'c');
    const error = refusal(() => slots.take('live', 'd'));
    expect(error).toMatchObject({ status: 429, code: 'too_many_exports' });
    expect(error.message).toBe('the server already runs 3 CSV exports for live keys, the most it runs at once; retry shortly');
    expect(() => slots.take('test', 'd')).not.toThrow();
    expect(slots.count('live')).toBe(3);
    expect(slots.count('test')).toBe(1);
  });

  it('takes a slot back once, however often it is given back', () => {
    const slots = new ExportSlots(2, 2);
    const first = slots.take('live', 'a');
    slots.take('live', 'a');
    first();
    first();
    expect(slots.count('live')).toBe(1);
    expect(slots.count('live', 'a')).toBe(1);
    expect(() => slots.take('live', 'a')).not.toThrow();
    expect(() => slots.take('live', 'b')).toThrow(ApiError);
  });
});
