import { loadTestModeFixture } from '../../ingest/fixture';
import { addressLine, contactName, portfolioFigures, portfolioName, registrationText, roleText } from '../../web/console/owners';
import { startTestApi, TestApi } from '../support/api';

/**
 * What the console's owner card prints (web/console/owners.ts), read from the API's own answers
 * in test mode: the card calls GET /properties/{bbl}/owners, then the portfolio it names.
 */
const MANHATTAN = '1005670012';

describe("the console's owner card", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
    await loadTestModeFixture(api.ns.stores.byMode.test);
  });
  afterAll(() => api.stop());

  const asTest = (path: string) => api.get(path, { key: api.keys.test });

  it("prints the lot's registration and contacts, and its portfolio's figures", async () => {
    const lot = (await asTest(`/api/v1/properties/${MANHATTAN}/owners`)).body.data;
    expect(registrationText(lot.registration)).toBe('HPD registration 336228, registered Aug 14, 2025, ends Sep 1, 2026');
    expect(lot.contacts.map((contact: any) => [roleText(contact.role), contactName(contact)])).toEqual([
      ['Corporate owner', expect.stringContaining('WEST ELEVEN OWNERS LLC')],
      ['Head officer', expect.stringContaining('MIRIAM T SOLANO')],
      ['Managing agent', expect.stringContaining('DANIEL OKAFOR')],
      ['Site manager', expect.stringContaining('DANIEL OKAFOR')],
    ]);
    expect(addressLine(lot.contacts[1].businessAddress)).toBe('40 WALL ST, Suite 1200, NEW YORK NY 10005');

    const portfolio = (await asTest(`/api/v1/portfolios/${lot.portfolio.id}`)).body.data;
    expect(portfolioName(portfolio)).toBe('MIRIAM SOLANO');
    const figures = Object.fromEntries(portfolioFigures(portfolio));
    expect(figures).toEqual({
      Lots: '2',
      'Residential units': '56',
      'Open violations': String(portfolio.totals.openViolations),
      'Overdue deadlines': String(portfolio.totals.overdueDeadlines),
      'Deadlines needing action': String(portfolio.totals.actionNeededDeadlines),
      'OATH tickets with fines due': '0',
      'OATH fines due': '$0',
    });
  });

  it('a lapsed registration says so; an unknown role is printed as HPD writes it', async () => {
    const lot = (await asTest('/api/v1/properties/2032410017/owners')).body.data;
    expect(registrationText(lot.registration)).toMatch(/, lapsed Sep 1, 2018$/);
    expect(roleText('Receiver')).toBe('Receiver');
    expect(addressLine({ houseNumber: null, street: null, apartment: null, city: null, state: null, zip: null })).toBe('');
  });
});
