import { foldEveryLetter, foldLetters } from './letters';
import { nycDataPresent, readNycCsv } from './testing/shared-data';

describe('foldLetters', () => {
  it('takes accents and marks off, keeping case', () => {
    expect(foldLetters('CAFÉ ROYAL INC')).toBe('CAFE ROYAL INC');
    expect(foldLetters('Crème Brûlée')).toBe('Creme Brulee');
    expect(foldLetters('NIÑO Ñandú')).toBe('NINO Nandu');
  });

  it('folds the letters Unicode leaves whole, in either case', () => {
    expect(foldLetters('SMØRREBRØD smørrebrød')).toBe('SMORREBROD smorrebrod');
    expect(foldLetters('Straße ÆGIR Œuvre ŁÓDŹ')).toBe('Strasse AEGIR OEuvre LODZ');
  });

  it('drops the spacing acute accent rather than splitting a word at it', () => {
    expect(foldLetters('JOE\u00b4S')).toBe('JOES');
  });

  it('leaves ASCII alone', () => {
    const ascii = 'A.S.A.R. INTERNATIONAL CO & SONS, 123 W 4TH ST';
    expect(foldLetters(ascii)).toBe(ascii);
  });
});

describe('foldLetters answers ASCII text as it is: the same as the whole folding', () => {
  it('on every ASCII character', () => {
    const ascii = Array.from({ length: 128 }, (_, code) => String.fromCharCode(code)).join('');
    expect(foldEveryLetter(ascii)).toBe(ascii);
    for (const character of ascii) expect(foldEveryLetter(character)).toBe(character);
  });

  const files = ['oath/oath_hearings__nycdb.csv', 'properties/dob_permit_issuance__1000.csv', 'restaurants/dohmh_inspections_api_dev_20260410.csv'];
  (files.every(nycDataPresent) ? it : it.skip)('on every real name of the shared files: respondents, permittees, restaurants', () => {
    const names = [
      ...readNycCsv(files[0]).flatMap((row) => [row['Respondent First Name'], row['Respondent Last Name']]),
      ...readNycCsv(files[1]).flatMap((row) => [row["Permittee's Business Name"], row["Owner's Business Name"]]),
      ...readNycCsv(files[2]).map((row) => row.DBA),
    ].filter((name): name is string => Boolean(name));
    expect(names.length).toBeGreaterThan(1000);
    for (const name of [...names, 'CAFÉ ROYAL INC', 'JOE\u00b4S', 'SMØRREBRØD']) expect([name, foldLetters(name)]).toEqual([name, foldEveryLetter(name)]);
  });
});
