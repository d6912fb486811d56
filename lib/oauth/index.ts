/**
 * OAuth 1.0a core for Magento 2.4.x integrations. Pure: no I/O; timestamps come from the caller, nonces from
 * node:crypto unless a random source is injected.
 * See docs in each file; the Magento-specific normalisation lives in base-string.ts.
 */
export * from "./types";
export { rfc3986Encode, reencodeRawComponent } from "./encoding";
export { strnatcmp } from "./strnatcmp";
export { buildBaseString, type BaseStringInput } from "./base-string";
export { normaliseUrl } from "./url";
export { createSigner, signRequest, type Signer, type SignerInput } from "./sign";
export { formatAuthorizationHeader } from "./header";
export { generateNonce, NONCE_ALPHABET, NONCE_LENGTH } from "./nonce";
export { isProtocolParam } from "./protocol-param";
export { parseFormBody } from "./form-body";
export { parseTokenResponse, TokenResponseError, type TokenResponseErrorKind } from "./token-response";
