/** Debian's headless-only build (package chromium-headless-shell). */
export const HEADLESS_SHELL: string;
/** Debian's full browser (package chromium). */
export const FULL_BROWSER: string;
/** The Chromium the tests drive: CHROMIUM_PATH, else Debian's headless shell, else Debian's full browser. */
export function chromiumPath(): string;
