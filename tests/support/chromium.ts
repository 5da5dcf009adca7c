/**
 * Debian's Chromium, as the e2e suite and the page benchmark start it: headless on a
 * machine whose network is closed, so nothing in the background tries to reach out.
 */

/**
 * The e2e suite's browser: Chromium's headless shell (Debian's chromium-headless-shell), the
 * build Playwright itself runs for headless tests. The same Blink, V8 and accessibility tree as
 * the full browser, without its user interface: the suite ran a fifth faster (docs/decisions/0045).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium-headless-shell";

/** The page benchmark (Lighthouse) measures the full browser, the one people run. */
export const FULL_CHROMIUM_PATH = process.env.FULL_CHROMIUM_PATH || "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
