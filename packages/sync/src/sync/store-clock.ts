/** Magento's `updated_at` text (UTC, second precision) and the store clock it is compared with. */

/** A Date → `YYYY-MM-DD HH:MM:SS` (UTC), as Magento writes updated_at. */
export const versionText = (d: Date): string => d.toISOString().slice(0, 19).replace("T", " ");

/** `YYYY-MM-DD HH:MM:SS` (UTC) → Date. */
export const versionDate = (text: string): Date => new Date(`${text.replace(" ", "T")}Z`);

/** `text` moved back by `seconds`. */
export const versionMinus = (text: string, seconds: number): string =>
  versionText(new Date(versionDate(text).getTime() - seconds * 1000));
