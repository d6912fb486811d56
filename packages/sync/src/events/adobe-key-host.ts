/** Adobe's fixed host for I/O Events public keys (docs/store-events.md, "I/O Events"): the only origin production fetches them from. */
export const ADOBE_IO_KEY_ORIGIN = "https://static.adobeioevents.com";
