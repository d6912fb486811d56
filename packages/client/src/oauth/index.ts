/**
 * OAuth 1.0a core for Magento 2.4.x integrations. Pure: no I/O; timestamps come from the caller, nonces from
 * node:crypto unless a random source is injected.
 * See docs in each file; the Magento-specific normalisation lives in base-string.ts.
 */
export * from "./types.ts";
export { rfc3986Encode, reencodeRawComponent } from "./encoding.ts";
export { strnatcmp } from "./strnatcmp.ts";
export { buildBaseString, type BaseStringInput } from "./base-string.ts";
export { normaliseUrl } from "./url.ts";
export { createSigner, signRequest, type Signer, type SignerInput } from "./sign.ts";
export { formatAuthorizationHeader } from "./header.ts";
export { generateNonce, NONCE_ALPHABET, NONCE_LENGTH } from "./nonce.ts";
export { isProtocolParam } from "./protocol-param.ts";
export { parseFormBody } from "./form-body.ts";
export { parseTokenResponse, TokenResponseError, type TokenResponseErrorKind } from "./token-response.ts";
