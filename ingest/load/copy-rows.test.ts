import { copyField } from './copy-rows';

describe('copyField: a value in COPY text format', () => {
  it('writes null as \\N and escapes only backslash, tab, newline and carriage return', () => {
    expect(copyField(null, 'text')).toBe('\\N');
    expect(copyField(undefined, 'date')).toBe('\\N');
    expect(copyField('ACME "THE" CORP, INC', 'text')).toBe('ACME "THE" CORP, INC');
    expect(copyField('A\\B\tC\nD\rE', 'text')).toBe('A\\\\B\\tC\\nD\\rE');
    expect(copyField('\\N', 'text')).toBe('\\\\N');
  });

  it('writes booleans, numbers, JSON and text arrays as Postgres reads them', () => {
    expect(copyField(true, 'boolean')).toBe('t');
    expect(copyField(false, 'boolean')).toBe('f');
    expect(copyField(-250000, 'bigint')).toBe('-250000');
    expect(copyField([{ code: 'BC "1"\\2' }], 'jsonb')).toBe('[{"code":"BC \\\\"1\\\\"\\\\\\\\2"}]');
    expect(copyField([], 'text[]')).toBe('{}');
    expect(copyField(['hearing_status "X"', 'a,b'], 'text[]')).toBe('{"hearing_status \\\\"X\\\\"","a,b"}');
  });
});
