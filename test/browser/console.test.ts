/**
 * The console and /docs in a real browser (Debian's Chromium driven by playwright-core),
 * against the real API in test mode: the fixture loaded into a namespace of its own, the
 * console calling with that namespace's public test key. Each step leaves a screenshot in
 * tmp/browser-artifacts/. Skipped, with a message, where Chromium is not installed.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buildConsole } from '../../scripts/console/build';
import { loadTestModeFixture } from '../../ingest/fixture';
import { startTestApi, TestApi } from '../support/api';
import { pageAll } from '../support/pages';
import { ARTIFACTS_DIR, describeInChromium, launchChromium } from './chromium';

describeInChromium('the console and /docs in Chromium', () => {
  let api: TestApi;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  /** Every URL any page asked for: none may leave the API's origin. */
  const requested: string[] = [];
  /** Uncaught errors and console errors of the pages (a refused CSP rule shows here). */
  const problems: string[] = [];

  const shot = (name: string) => page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`), fullPage: false });
  /** One panel of the page (README's pictures come from these). */
  const panelShot = (heading: string, name: string) => page.locator(`section[aria-labelledby="${heading}"]`).screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`) });

  beforeAll(async () => {
    fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
    [api, browser] = await Promise.all([startTestApi(), launchChromium(), buildConsole()]).then(([started, launched]) => [started, launched] as const);
    await loadTestModeFixture(api.ns.stores.byMode.test);
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    context.on('request', (request) => requested.push(request.url()));
    page = await context.newPage();
    page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
    });
    page.setDefaultTimeout(10_000);
  }, 180_000); // the fixture load takes most of it, and the machine may be busy

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await api?.stop();
  });

  test('the console loads without a key and calls the API with the public test key', async () => {
    await page.goto(`${api.url}/console`);
    await page.getByTestId('key-in-use').filter({ hasText: 'test mode' }).waitFor();
    expect(await page.getByTestId('key-in-use').textContent()).toMatch(/shared public test key ik_test_/);
  });

  test('restaurants: a misspelled name finds the fixture restaurant; the keyboard picks it and its card shows risk, vermin, sanitary and history', async () => {
    const box = page.getByRole('combobox', { name: 'Restaurants' });
    await box.pressSequentially('joes piza', { delay: 40 });
    const option = page.getByRole('option', { name: /JOE'S PIZZA & PASTA/ });
    await option.waitFor();
    await expect(page.locator('.typeahead').first().getByTestId('request-line').textContent()).resolves.toMatch(/GET \/api\/v1\/restaurants\/search\?q=joes piza.* 200 in \d+ ms/);
    await shot('01-restaurant-typeahead');
    await panelShot('search-heading', '01-search-panel');
    await box.press('ArrowDown');
    await expect(box.getAttribute('aria-activedescendant')).resolves.toBe('search-restaurants-option-0');
    await box.press('Enter');
    const card = page.getByTestId('restaurant-card');
    await card.getByRole('heading', { name: "JOE'S PIZZA & PASTA" }).waitFor();
    await card.getByRole('heading', { name: 'Risk factors' }).waitFor();
    await card.getByText('Conducive conditions', { exact: true }).waitFor();
    await card.getByRole('heading', { name: 'Sanitary' }).waitFor();
    expect(await card.getByTestId('score-chart').locator('rect').count()).toBeGreaterThan(1);
    // Focus moved to the card for keyboard and screen-reader users.
    expect(await page.evaluate('document.activeElement?.id')).toBe('profile-heading');
    await card.scrollIntoViewIfNeeded();
    await shot('02-restaurant-card');
  });

  test('addresses: an abbreviated street finds the lot; its card lists the deadlines by date with statuses', async () => {
    const box = page.getByRole('combobox', { name: 'Addresses' });
    await box.pressSequentially('225 w 11', { delay: 40 });
    const option = page.getByRole('option', { name: /225 WEST 11 STREET/ });
    await option.click();
    const card = page.getByTestId('property-card');
    await card.getByRole('heading', { name: '225 WEST 11 STREET' }).waitFor();
    await card.getByRole('heading', { name: 'Compliance deadlines' }).waitFor();
    expect(await card.locator('.deadline').count()).toBeGreaterThan(0);
    expect(await card.locator('.deadline .badge').first().textContent()).toMatch(/Overdue|Action needed|Due soon|OK|Cannot be checked/);
    await card.scrollIntoViewIfNeeded();
    await shot('03-property-card');
    // Beside it, the owners and their portfolio, with what its lots owe.
    const owners = page.getByTestId('owner-card');
    await owners.getByRole('cell', { name: /MIRIAM T SOLANO/ }).waitFor();
    const portfolio = owners.getByTestId('owner-portfolio');
    await portfolio.getByText('MIRIAM SOLANO', { exact: true }).waitFor();
    expect(await portfolio.locator('dt').allTextContents()).toEqual(['Lots', 'Residential units', 'Open violations', 'Overdue deadlines', 'Deadlines needing action', 'OATH tickets with fines due', 'OATH fines due']);
    expect(await portfolio.locator('dd').first().textContent()).toBe('2');
    await expect(portfolio.getByTestId('request-line').textContent()).resolves.toMatch(/GET \/api\/v1\/portfolios\/1005670012 200 in \d+ ms/);
    await owners.scrollIntoViewIfNeeded();
    await shot('03b-owner-card');
  });

  test('contractors: an abbreviated docket name finds the company; its card shows tickets, a live reopen window and the savings', async () => {
    const box = page.getByRole('combobox', { name: 'Contractors' });
    await box.pressSequentially('brightline plbg', { delay: 40 });
    await page.getByRole('option', { name: /BRIGHTLINE PLUMBING/ }).click();
    const card = page.getByTestId('contractor-card');
    await card.getByRole('heading', { name: /BRIGHTLINE PLUMBING/ }).waitFor();
    await card.getByText('new hearing granted on request until May 5, 2026').waitFor();
    expect(await card.getByTestId('savings').textContent()).toMatch(/\$[\d,.]+ to \$[\d,.]+ could be saved/);
    await card.scrollIntoViewIfNeeded();
    await shot('04-contractor-card');
  });

  test('the map: a click lists the restaurants around the point, with the radius and grade-coloured markers', async () => {
    const map = page.getByTestId('map');
    await map.scrollIntoViewIfNeeded();
    await page.locator('.leaflet-overlay-pane path').first().waitFor(); // the borough outlines
    const box = await map.boundingBox();
    if (!box) throw new Error('the map has no box');
    // The map opens centred on Lower Manhattan, 170 m from JOE'S PIZZA and 450 m from P&J OYSTER BAR.
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const list = page.getByTestId('nearby-list');
    await list.getByRole('button', { name: "JOE'S PIZZA & PASTA" }).waitFor();
    await list.getByRole('button', { name: 'P&J OYSTER BAR' }).waitFor();
    expect(await page.locator('path.restaurant-marker').count()).toBe(2);
    expect(await page.locator('path.restaurant-marker.grade-A').count()).toBe(1);
    await shot('05-map-nearby');
    await panelShot('map-heading', '05-map-panel');
    await list.getByRole('button', { name: 'P&J OYSTER BAR' }).click();
    await page.getByTestId('restaurant-card').getByRole('heading', { name: 'P&J OYSTER BAR' }).waitFor();
  });

  test('feeds: "load more" follows the cursor to the end, and the CSV holds every row shown', async () => {
    const expected = await pageAll(api, '/api/v1/violations', '', 10, { key: api.keys.test });
    expect(expected.length).toBeGreaterThan(10);
    const status = page.getByTestId('feed-status');
    await status.scrollIntoViewIfNeeded();
    await status.filter({ hasText: /^10 rows loaded$/ }).waitFor();
    const more = page.getByRole('button', { name: 'Load more' });
    for (let loaded = 10; loaded < expected.length; ) {
      await more.click();
      loaded = Math.min(expected.length, loaded + 10);
      await status.filter({ hasText: new RegExp(`^${loaded} rows loaded`) }).waitFor();
    }
    await status.filter({ hasText: `${expected.length} rows loaded · end of the feed` }).waitFor();
    expect(await more.isDisabled()).toBe(true);
    expect(await page.getByTestId('feed-table').locator('tbody tr').count()).toBe(expected.length);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /Download CSV/ }).click()]);
    const csv = fs.readFileSync(await download.path(), 'utf8');
    expect(csv.trimEnd().split('\r\n')).toHaveLength(expected.length + 1);
    expect(csv.startsWith('inspectedAt,camis,restaurantName,borough,code,category,critical,description\r\n')).toBe(true);
    await shot('06-feed-end');
  });

  test('at phone width nothing scrolls sideways', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate('window.scrollTo(0, 0)');
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await shot('07-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  test('/docs renders the contract and "Try it out" runs an operation with the public test key', async () => {
    await page.goto(`${api.url}/docs#/Restaurants/searchRestaurants`);
    const operation = page.locator('#operations-Restaurants-searchRestaurants');
    // The deep link opens the operation, already in "Try it out" mode (tryItOutEnabled), q filled with its example.
    const q = operation.locator('tr[data-param-name="q"] input');
    // Swagger UI resolves the whole document first: seconds on a busy machine.
    await q.waitFor({ timeout: 45_000 });
    expect(await q.inputValue()).toBe('joes pizza manhattan');
    await q.fill('golden dragon');
    await operation.getByRole('button', { name: 'Execute' }).click();
    const body = operation.locator('.responses-wrapper .live-responses-table .response-col_description pre').first();
    await body.getByText('GOLDEN DRAGON').first().waitFor();
    expect(await operation.locator('.live-responses-table tbody .response-col_status').first().textContent()).toContain('200');
    await operation.scrollIntoViewIfNeeded();
    await shot('08-docs-try-it');
  });

  test('a pasted key is used and kept in this browser only; the public test key comes back on request', async () => {
    await page.goto(`${api.url}/console`);
    await page.getByLabel('Your key (kept in this browser only)').fill(api.keys.test);
    await page.getByRole('button', { name: 'Use this key' }).click();
    await page.getByTestId('key-in-use').filter({ hasText: `Using your key ${api.keys.test.slice(0, 12)}` }).waitFor();
    expect(await page.evaluate('localStorage.getItem("nyc-records-console-key")')).toBe(api.keys.test);
    await page.reload();
    await page.getByTestId('key-in-use').filter({ hasText: 'Using your key' }).waitFor();
    await page.getByRole('button', { name: 'Back to the public test key' }).click();
    await page.getByTestId('key-in-use').filter({ hasText: 'shared public test key' }).waitFor();
    expect(await page.evaluate('localStorage.getItem("nyc-records-console-key")')).toBeNull();
  });

  test('no page threw or logged an error', () => {
    expect(problems).toEqual([]);
  });

  test('no request from the pages left the API origin', () => {
    const origin = new URL(api.url).origin;
    const elsewhere = requested.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:') && !url.startsWith('blob:'));
    expect(elsewhere).toEqual([]);
    expect(requested.length).toBeGreaterThan(10);
  });
});
