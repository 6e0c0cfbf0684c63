// Debian's Chromium as the end-to-end tests and the web benchmark launch it (Playwright cannot download its own
// browser here): the binary, and the flags that keep it quiet and working as root in a container.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
