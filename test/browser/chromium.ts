import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium (apt-get install chromium; .ci/run does it with scripts/ci/install-chromium.sh). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumPresent = fs.existsSync(CHROMIUM_PATH);

/** Screenshots of each step, kept as test artifacts (tmp/ is git-ignored). */
export const ARTIFACTS_DIR = path.resolve(__dirname, '../../tmp/browser-artifacts');

/** `describe`, or `describe.skip` with a message saying why when Chromium is not installed. */
export function describeInChromium(name: string, body: () => void): void {
  if (!chromiumPresent) {
    console.warn(`[browser tests] skipped: no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium, or set CHROMIUM_PATH)`);
    describe.skip(name, body);
    return;
  }
  describe(name, body);
}

/**
 * Headless Chromium with every background service off: CI machines' networks are closed,
 * and Chromium's own calls home would otherwise be refused (noisily, at every start).
 * Playwright gives each launch a new empty profile directory and removes it on close.
 */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
