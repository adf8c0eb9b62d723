import Ajv2020 from 'ajv/dist/2020';
import { USERNAME_SCHEMA } from './openapi';
import { checkUsername } from '../../domain/community/usernames';

/**
 * The contract's username schema and the server's checkUsername must give the same verdict
 * on shape: the schema must not refuse a handle the server accepts, nor accept one it refuses
 * as invalid (reserved handles are shape-valid; the schema cannot list them).
 */
describe('PATCH /profile username schema', () => {
  const schemaAccepts = new Ajv2020({ strict: false }).compile(USERNAME_SCHEMA);
  const serverAccepts = (username: string) => {
    const verdict = checkUsername(username);
    return verdict.ok || verdict.reason !== 'invalid';
  };

  it.each(['abc', 'Joe Smith', 'a.b-c_d', '_-.x', 'x_-.', '1 2 3', '-- a --', 'x'.repeat(20)])('accepts %j like the server', (username) => {
    expect([schemaAccepts(username), serverAccepts(username)]).toEqual([true, true]);
  });

  it.each(['ab', 'x'.repeat(21), ' abc', 'abc ', 'a  b', '___', '- . -', 'bad*chars', 'José', 'tab\there', ''])('refuses %j like the server', (username) => {
    expect([schemaAccepts(username), serverAccepts(username)]).toEqual([false, false]);
  });

  it('agrees with the server on 20,000 random strings near the rules', () => {
    const alphabet = 'aZ09_ .- *é\t';
    let seed = 12345;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let run = 0; run < 20_000; run += 1) {
      const length = Math.floor(random() * 24);
      let username = '';
      for (let i = 0; i < length; i += 1) username += alphabet[Math.floor(random() * alphabet.length)];
      if (schemaAccepts(username) !== serverAccepts(username)) throw new Error(`schema and server disagree on ${JSON.stringify(username)}`);
    }
  });
});
