import { existsSync } from 'node:fs';

/** Debian's Chromium (`apt-get install -y chromium`): nothing here downloads a browser build. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM_PATH);

/** No sandbox (CI runs as root); nothing fetched in the background: the machine has no internet. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const NO_CHROMIUM_MESSAGE =
  `Tests navigateur IGNORÉS : Chromium introuvable à ${CHROMIUM_PATH}. ` +
  'Installez-le (apt-get install -y chromium) ou indiquez CHROMIUM_PATH.';
