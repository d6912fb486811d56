// CommonJS, so that playwright.config.ts (loaded as CommonJS), vitest files and benches import it as it is.
"use strict";
// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS on purpose (see the first line)
const { existsSync } = require("node:fs");

/** Debian's headless-only build (package chromium-headless-shell): what Playwright itself runs headless. */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
/** Debian's full browser (package chromium), used when the headless shell is not installed. */
const FULL_BROWSER = "/usr/bin/chromium";

/**
 * The Chromium the tests drive: CHROMIUM_PATH, else Debian's headless shell, else Debian's full browser. The shell
 * has no browser UI layer to run, so the same pages cost it less CPU than the full browser's headless mode.
 * @returns {string}
 */
function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync(HEADLESS_SHELL) || !existsSync(FULL_BROWSER) ? HEADLESS_SHELL : FULL_BROWSER;
}

module.exports = { chromiumPath, HEADLESS_SHELL, FULL_BROWSER };
