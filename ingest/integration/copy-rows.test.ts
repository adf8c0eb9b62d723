import { inTransaction } from '../../src/db/transaction';
import { useTestNamespace } from '../../test/support/namespace';
import { copyIntoTemporaryTable, type CopyColumn } from '../load/copy-rows';

describe('copyIntoTemporaryTable (Postgres)', () => {
  const ns = useTestNamespace();

  interface Row { ticket: string; text: string | null; due: number | null; defaulted: boolean; day: string | null; charges: unknown; unknown: string[] }
  const COLUMNS: Array<CopyColumn<Row>> = [
    ['ticket', 'text', (row) => row.ticket],
    ['violation_description', 'text', (row) => row.text],
    ['due_cents', 'bigint', (row) => row.due],
    ['defaulted', 'boolean', (row) => row.defaulted],
    ['decision_date', 'date', (row) => row.day],
    ['charges', 'jsonb', (row) => row.charges],
    ['unknown_values', 'text[]', (row) => row.unknown],
  ];
  const ROWS: Row[] = [
    { ticket: '1', text: 'tab\there, newline\nthere, cr\r, backslash \\ and \\N, "quotes", {braces}, café', due: -250000, defaulted: true, day: '2026-03-31',
      charges: [{ code: 'BC "28"\\1', amountCents: null }], unknown: ['hearing_status "APPEAL, PENDING"', 'back\\slash {x}'] },
    { ticket: '2', text: null, due: null, defaulted: false, day: null, charges: [], unknown: [] },
    { ticket: '3', text: '', due: 0, defaulted: false, day: null, charges: [], unknown: [''] },
  ];

  it('reads back every value as written, in the table\'s column types, and drops the table with the transaction', async () => {
    const pg = ns.stores.byMode.test.pg;
    const client = await pg.connect();
    try {
      const read = await inTransaction(client, async () => {
        await copyIntoTemporaryTable(client, 'copied', 'contractor_tickets', COLUMNS, ROWS);
        const { rows } = await client.query(
          'select ticket, violation_description as text, due_cents::float8 as due, defaulted, decision_date::text as day, charges, unknown_values as unknown from copied order by ticket',
        );
        return rows;
      });
      expect(read).toEqual(ROWS);
      const { rows } = await client.query("select to_regclass('pg_temp.copied') as table");
      expect(rows[0].table).toBeNull();
    } finally {
      client.release();
    }
  });
});
