/**
 * Debian's Chromium, as the e2e suite and the page benchmark start it: headless on a
 * machine whose network is closed, so nothing in the background tries to reach out.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
