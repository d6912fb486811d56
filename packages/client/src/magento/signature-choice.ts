import type { SignatureMethod, SignatureMode } from "../oauth/index.ts";

/** How calls to one store are signed: the HMAC method and the base-string family (docs/signature-families.md). */
export interface SignatureChoice {
  method: SignatureMethod;
  mode: SignatureMode;
}
