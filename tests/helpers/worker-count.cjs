// CommonJS, so that both vitest.config.mts (ESM) and playwright.config.ts (loaded as CommonJS) import it as it is.
"use strict";

/**
 * How many test files (vitest) or specs (Playwright) run at once: the named variable, else the default.
 * @param {string} variable
 * @param {number} fallback
 * @returns {number}
 */
function workerCount(variable, fallback) {
  const raw = process.env[variable];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${variable}=${raw}: give a whole number of at least 1`);
  return n;
}

module.exports = { workerCount };
