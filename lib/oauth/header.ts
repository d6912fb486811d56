/**
 * The `Authorization` header Magento's Helper\Request::_processHeader reads: `OAuth ` then `name="value"` pairs
 * separated by ", ", names and values RFC 3986-encoded (the store rawurldecodes them). Only oauth_* parameters,
 * oauth_signature last; never a realm, never a body or query param.
 */
import { rfc3986Encode } from "./encoding";

export function formatAuthorizationHeader(oauthParams: ReadonlyArray<readonly [string, string]>, signature: string): string {
  return formatEncodedAuthorizationHeader(
    oauthParams.map(([name, value]) => [rfc3986Encode(name), rfc3986Encode(value)] as const),
    signature,
  );
}

/** Same, with names and values already RFC 3986-encoded. */
export function formatEncodedAuthorizationHeader(encodedParams: ReadonlyArray<readonly [string, string]>, signature: string): string {
  let header = "OAuth ";
  for (const [name, value] of encodedParams) header += `${name}="${value}", `;
  return `${header}oauth_signature="${rfc3986Encode(signature)}"`;
}
