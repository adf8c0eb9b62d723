import { codePointLength, validateReportBody } from './reports';

const TEXT = 'Saw a mouse run behind the counter at lunch.';

describe('validateReportBody', () => {
  it('accepts a pest report with a subtype and photos', () => {
    const photos = ['aGVsbG8=', { data: 'data:image/png;base64,aGVsbG8=' }, 'data:image/jpeg;base64,aGVsbG8='];
    expect(validateReportBody({ kind: 'pest', pestSubtype: 'mice', body: TEXT, photos })).toEqual({
      ok: true,
      value: { kind: 'pest', pestSubtype: 'mice', body: TEXT, photos },
    });
  });

  it.each([
    ['absent', {}],
    ['null', { pestSubtype: null }],
  ])('accepts praise with pestSubtype %s and no photos', (_label, extra) => {
    expect(validateReportBody({ kind: 'praise_taste', body: TEXT, ...extra })).toEqual({
      ok: true,
      value: { kind: 'praise_taste', pestSubtype: null, body: TEXT, photos: [] },
    });
    expect(validateReportBody({ kind: 'praise_clean', body: TEXT, photos: null, ...extra })).toMatchObject({ ok: true });
  });

  it('trims the body but keeps its inside verbatim', () => {
    const body = '  Line one of the report\n\n  line two \t ';
    const result = validateReportBody({ kind: 'sanitation_other', body });
    expect(result).toMatchObject({ ok: true, value: { body: 'Line one of the report\n\n  line two' } });
  });

  it('counts the body in code points, after trimming', () => {
    const pizza = '🍕'.repeat(20);
    expect(pizza.length).toBe(40);
    expect(codePointLength(pizza)).toBe(20);
    expect(validateReportBody({ kind: 'praise_taste', body: pizza }).ok).toBe(true);
    expect(validateReportBody({ kind: 'praise_taste', body: '🍕'.repeat(19) }).ok).toBe(false);
    expect(validateReportBody({ kind: 'praise_taste', body: '🍕'.repeat(500) }).ok).toBe(true);
    expect(validateReportBody({ kind: 'praise_taste', body: '🍕'.repeat(501) }).ok).toBe(false);
    expect(validateReportBody({ kind: 'praise_taste', body: `   ${'a'.repeat(19)}   ` }).ok).toBe(false);
    expect(validateReportBody({ kind: 'praise_taste', body: 'a'.repeat(20) }).ok).toBe(true);
  });

  function errorsOf(input: unknown) {
    const result = validateReportBody(input);
    if (result.ok) throw new Error('expected errors');
    return result;
  }

  it.each([
    ['kind missing', { body: TEXT }, 'kind'],
    ['kind unknown', { kind: 'rodent', body: TEXT }, 'kind'],
    ['kind in capitals', { kind: 'PEST', pestSubtype: 'rats', body: TEXT }, 'kind'],
    ['pest without subtype', { kind: 'pest', body: TEXT }, 'pestSubtype'],
    ['pest with null subtype', { kind: 'pest', pestSubtype: null, body: TEXT }, 'pestSubtype'],
    ['pest with unknown subtype', { kind: 'pest', pestSubtype: 'pigeons', body: TEXT }, 'pestSubtype'],
    ['subtype on a non-pest kind', { kind: 'food_poisoning', pestSubtype: 'rats', body: TEXT }, 'pestSubtype'],
    ['empty subtype on a non-pest kind', { kind: 'praise_clean', pestSubtype: '', body: TEXT }, 'pestSubtype'],
    ['body missing', { kind: 'praise_taste' }, 'body'],
    ['body not a string', { kind: 'praise_taste', body: 42 }, 'body'],
    ['body too short', { kind: 'praise_taste', body: 'Great!' }, 'body'],
    ['body too long', { kind: 'praise_taste', body: 'x'.repeat(501) }, 'body'],
    ['body with a NUL', { kind: 'praise_taste', body: `${TEXT}\u0000` + 'x' }, 'body'],
  ])('refuses %s as invalid_body', (_label, input, param) => {
    const result = errorsOf(input);
    expect(result.code).toBe('invalid_body');
    expect(result.errors.map((error) => error.param)).toEqual([param]);
    expect(result.errors[0].message).toContain(param);
  });

  it('refuses more than 3 photos as invalid_photo', () => {
    const result = errorsOf({ kind: 'praise_taste', body: TEXT, photos: ['aGVsbG8=', 'aGVsbG8=', 'aGVsbG8=', 'aGVsbG8='] });
    expect(result).toEqual({ ok: false, code: 'invalid_photo', errors: [{ param: 'photos', message: 'at most 3 photos per report; 4 were sent' }] });
  });

  it('refuses photos that are not an array, or items of the wrong shape, as invalid_photo', () => {
    expect(errorsOf({ kind: 'praise_taste', body: TEXT, photos: 'aGVsbG8=' })).toMatchObject({ code: 'invalid_photo', errors: [{ param: 'photos' }] });
    const result = errorsOf({ kind: 'praise_taste', body: TEXT, photos: ['aGVsbG8=', 7, { url: 'http://x' }] });
    expect(result.code).toBe('invalid_photo');
    expect(result.errors.map((error) => error.param)).toEqual(['photos[1]', 'photos[2]']);
  });

  it('reports every problem at once, as invalid_body when not only photos are wrong', () => {
    const result = errorsOf({ kind: 'pest', body: 'short', photos: [1, 2, 3, 4] });
    expect(result.code).toBe('invalid_body');
    expect(result.errors.map((error) => error.param)).toEqual(['pestSubtype', 'body', 'photos', 'photos[0]', 'photos[1]', 'photos[2]', 'photos[3]']);
  });

  it.each([null, 'text', [1, 2], 5])('refuses a body that is not an object: %j', (input) => {
    expect(errorsOf(input)).toMatchObject({ code: 'invalid_body', errors: [{ param: '(root)' }] });
  });
});
