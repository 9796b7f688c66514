// Debian's Chromium through playwright-core (nothing is downloaded), headless, as the e2e
// tests and the browser benches launch it.
import { chromium } from 'playwright-core';

/** Launches the machine's Chromium, headless, without the background work that skews timings. */
export function launchChromium() {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}
