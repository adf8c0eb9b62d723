import { funDefault } from './devices';
import { checkUsername, isReservedUsername, usernameKey } from './usernames';

describe('checkUsername: shape', () => {
  it.each([
    'Joe',
    'joe_smith',
    'Joe Smith',
    'j.smith-99',
    'A1B',
    'x'.repeat(20),
    '123',
    '.dot-edges.',
    'Pizza_Lover 2024',
  ])('accepts %j and preserves its case in the key only as lowercase', (name) => {
    expect(checkUsername(name)).toEqual({ ok: true, key: name.toLowerCase() });
  });

  it.each([
    ['too short', 'ab'],
    ['too long', 'x'.repeat(21)],
    ['empty', ''],
    ['leading space', ' joe'],
    ['trailing space', 'joe '],
    ['two spaces in a row', 'joe  smith'],
    ['a tab', 'joe\tsmith'],
    ['a newline', 'joe\nsmith'],
    ['an @', 'joe@nyc'],
    ['an apostrophe', "joe's"],
    ['an accented letter', 'José'],
    ['a Cyrillic look-alike', 'аdmin'],
    ['an emoji', 'joe🍕'],
    ['only separators', '_-.'],
    ['only spaces inside separators', '- -'],
  ])('refuses %s as invalid', (_label, name) => {
    const result = checkUsername(name);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.reason).toBe('invalid');
      expect(result.message).toContain('3-20 characters');
    }
  });

  it.each([null, undefined, 42, ['joe'], { username: 'joe' }])('refuses a non-string %j', (value) => {
    expect(checkUsername(value)).toMatchObject({ ok: false, reason: 'invalid' });
  });

  it('is invalid before it is reserved', () => {
    expect(checkUsername(' admin')).toMatchObject({ ok: false, reason: 'invalid' });
  });
});

describe('usernameKey', () => {
  it('is case-insensitive and nothing more', () => {
    expect(usernameKey('Joe.Smith')).toBe(usernameKey('jOE.sMITH'));
    expect(usernameKey('joe_smith')).not.toBe(usernameKey('joe.smith'));
  });
});

describe('checkUsername: reserved and impersonation handles', () => {
  it.each([
    // the whole handle, any case or separators
    'admin', 'ADMIN', 'Administrator', 'moderator', 'mod', 'Mods', 'support', 'staff', 'Official', 'inspector',
    'DOHMH', 'nyc health', 'NYC_Health', 'N.Y.C. Health', 'nychealth', 'health dept', 'Health-Dept', 'root', 'system',
    'null', 'API', 'undefined',
    // digits as letters, trailing digits
    'adm1n', '4dmin', 'r00t', 'Admin2024', 'mod42', 'm0d', 'suppor7', 'nu11',
    // a separator inside a term never hides it
    'a.d.m.i.n', 'sup-port', 'Sys Tem', 'Sup_Port Team',
    // as a word
    'admin_joe', 'joe_admin', 'Official.NYC', 'the mod', 'Joe the Mod', 'API bot', 'Root-User', 'null.pointer',
    'NYC Staff', 'Staff Pick', 'Real DOH',
    // compounds of reserved terms and everyday handle words, in any case
    'TheModSquad', 'themodsquad', 'JoeAdminNYC', 'joeadminnyc', 'NullSet', 'supportteam', 'SUPPORTTEAM', 'systemuser', 'staffcrew',
    // at either end of the folded handle
    'adminjoe', 'joeadmin', 'superadmin', 'nycofficial', 'officialnyc', 'SupportTeam', 'support_team', 'inspectorjoe', 'joe.inspector9',
    'verifiedfoodie', 'securityteam', 'SystemUser',
    // anywhere
    'thedohmhguy', 'bestnychealthfan', 'xmoderatorx', 'ihealthdeptx',
  ])('refuses %j as reserved', (name) => {
    const result = checkUsername(name);
    expect(result).toMatchObject({ ok: false, reason: 'reserved' });
    if (!result.ok) expect(result.message).toContain('reserved');
    expect(isReservedUsername(name)).toBe(true);
  });

  it.each([
    'badminton_fan', 'modern_foodie', 'Modest Eater', 'rooted', 'apiary', 'nullarbor', 'staffy', 'systematicjoe2', 'Happy Diner',
    'Supporter of Pizza', 'Joe Smith', 'NYC Eats', 'health nut', 'Dept of Pizza', 'Inspect This', 'moddy', 'Pizza Rat Fan',
    'RootBeer', 'rootbeer', 'BadmintonFan', 'unofficialfoodie', 'Systematic', 'SupporterOfPizza',
  ])('accepts %j (no false positive)', (name) => {
    expect(checkUsername(name)).toEqual({ ok: true, key: name.toLowerCase() });
  });

  it('reserves handles shaped like a generated display name', () => {
    const generated = funDefault('some-device-hash');
    const [adjective, noun, number] = [generated.split(' ')[0], generated.split(' ').slice(1, -1).join(''), generated.split(' ').at(-1)];
    const handle = `${adjective}${noun}${number}`.slice(0, 20);
    if (handle.length === `${adjective}${noun}${number}`.length) {
      expect(checkUsername(handle)).toMatchObject({ ok: false, reason: 'reserved' });
    }
    expect(checkUsername('Curious Pigeon 4821')).toMatchObject({ ok: false, reason: 'reserved' });
    expect(checkUsername('curious_pigeon_4821')).toMatchObject({ ok: false, reason: 'reserved' });
    expect(checkUsername('CuriousPigeon4821')).toMatchObject({ ok: false, reason: 'reserved' });
    expect(checkUsername('Curious Pigeon')).toMatchObject({ ok: true });
    expect(checkUsername('Curious Pigeon 48')).toMatchObject({ ok: true });
  });
});

describe('reserved matching ignores case and separators (docs/decisions.md, Community and devices)', () => {
  const variants = (name: string) => {
    const compact = name.replace(/[_ .-]+/g, '');
    return [name, name.toLowerCase(), name.toUpperCase(), compact, compact.toLowerCase(), compact.toUpperCase()];
  };
  it.each([
    'SupportTeam', 'support_team', 'TheModSquad', 'JoeAdminNYC', 'Official.NYC', 'API bot', 'Root-User', 'Staff Pick', 'securityteam', 'Real DOH',
    'RootBeer', 'Supporter of Pizza', 'modern_foodie', 'badminton_fan', 'Happy Diner', 'NYC Eats', 'Inspect This',
  ])('%j: every case and separator spelling gets the same answer', (name) => {
    const answers = variants(name).map((variant) => isReservedUsername(variant));
    expect(new Set(answers).size).toBe(1);
  });
});
