/** The largest bulk edit file taken (the dashboard upload and the command line alike); no import, for the page too. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
