import { foldLetters } from './letters';

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
