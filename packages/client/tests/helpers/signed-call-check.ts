/** A client's credentials for unit tests of signing, and a check that a recorded call is signed in family D. */
import { refParseAuthorization, refSign } from "../../../../tests/helpers/reference-oauth.ts";
import type { RecordedCall } from "./fake-fetch.ts";

export const TEST_OAUTH = {
  kind: "oauth" as const,
  consumerKey: "a6aa81cc3e65e2960a4879392445e718",
  consumerSecret: "uc83htqfl8q7uvq8qwjo67pfghvm8il2",
  accessToken: "0lnuajnuzeei2o8xcddii5us77xnb6v0",
  accessTokenSecret: "1c6d2hycnir5ygf39fycs6zhtaagx8pd",
};

/** True when the call's signature verifies under family D with TEST_OAUTH's secrets (the reference signer). */
export function verifiesAsFamilyD(call: RecordedCall): boolean {
  const { oauth_signature: signature, ...params } = refParseAuthorization(call.headers.authorization!);
  return (
    refSign({
      method: call.method,
      url: call.url,
      oauthParams: params,
      consumerSecret: TEST_OAUTH.consumerSecret,
      tokenSecret: TEST_OAUTH.accessTokenSecret,
      family: "D",
    }) === signature
  );
}
