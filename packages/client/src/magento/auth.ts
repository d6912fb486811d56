/** Auth strategies: OAuth 1.0a (signed afresh per attempt), Bearer, none. Built once per client. */
import { createSigner } from "../oauth/index.ts";
import type { MagentoAuth, SignatureChoice } from "./types.ts";

export interface SigningClock {
  now: () => number;
  nonce: () => string;
}

/** The Authorization header value for one attempt, or undefined for anonymous calls. */
export type Authorizer = (method: string, url: string, choice: SignatureChoice) => string | undefined;

export function createAuthorizer(auth: MagentoAuth, clock: SigningClock): Authorizer {
  switch (auth.kind) {
    case "oauth": {
      const signer = createSigner({
        consumerKey: auth.consumerKey,
        consumerSecret: auth.consumerSecret,
        token: auth.accessToken,
        tokenSecret: auth.accessTokenSecret,
        ...(auth.rsaPrivateKeyPem ? { rsaPrivateKeyPem: auth.rsaPrivateKeyPem } : {}),
      });
      return (method, url, choice) =>
        signer.authorization({
          method,
          url,
          signatureMethod: choice.method,
          mode: choice.mode,
          nonce: clock.nonce(),
          timestamp: Math.floor(clock.now() / 1000),
        });
    }
    case "bearer": {
      const header = `Bearer ${auth.token}`;
      return () => header;
    }
    case "none":
      return () => undefined;
  }
}
