/**
 * The `Authorization` header Magento's Helper\Request::_processHeader reads: `OAuth ` then `name="value"` pairs
 * separated by ", ", names and values RFC 3986-encoded (the store rawurldecodes them). Only oauth_* parameters,
 * oauth_signature last; never a realm, never a body or query param.
 */
import { rfc3986Encode } from "./encoding.ts";

export function formatAuthorizationHeader(
  oauthParams: ReadonlyArray<readonly [string, string]>,
  signature: string,
): string {
  return authorizationHeaderOf(
    oauthParams.map(([name]) => rfc3986Encode(name)),
    oauthParams.map(([, value]) => rfc3986Encode(value)),
    signature,
  );
}

/** Same, from parallel lists of RFC 3986-encoded names and values (the signer's hot path: no pairs built). */
export function authorizationHeaderOf(
  encodedNames: readonly string[],
  encodedValues: readonly string[],
  signature: string,
): string {
  let header = "OAuth ";
  for (let i = 0; i < encodedNames.length; i++) header += `${encodedNames[i]}="${encodedValues[i]}", `;
  return `${header}oauth_signature="${rfc3986Encode(signature)}"`;
}
