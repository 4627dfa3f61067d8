import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM_PATH);

if (!hasChromium) {
  console.warn(
    `\n*** Tests navigateur IGNORÉS : Chromium introuvable à ${CHROMIUM_PATH}. ` +
      'Installez-le (apt-get install -y chromium) ou indiquez CHROMIUM_PATH. ***\n',
  );
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
