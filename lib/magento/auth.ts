/** Auth strategies: OAuth 1.0a (signed afresh per attempt), Bearer, none. */
import { signRequest } from "@/lib/oauth";
import type { MagentoAuth, SignatureChoice } from "./types";

export interface SigningClock {
  now: () => number;
  nonce: () => string;
}

/** Returns the Authorization header value for one attempt, or undefined for anonymous calls. */
export function authorizationFor(
  auth: MagentoAuth,
  method: string,
  url: string,
  choice: SignatureChoice,
  clock: SigningClock,
): string | undefined {
  switch (auth.kind) {
    case "oauth":
      return signRequest({
        method,
        url,
        secrets: {
          consumerKey: auth.consumerKey,
          consumerSecret: auth.consumerSecret,
          token: auth.accessToken,
          tokenSecret: auth.accessTokenSecret,
          ...(auth.rsaPrivateKeyPem ? { rsaPrivateKeyPem: auth.rsaPrivateKeyPem } : {}),
        },
        signatureMethod: choice.method,
        mode: choice.mode,
        nonce: clock.nonce(),
        timestamp: Math.floor(clock.now() / 1000),
      }).authorization;
    case "bearer":
      return `Bearer ${auth.token}`;
    case "none":
      return undefined;
  }
}
