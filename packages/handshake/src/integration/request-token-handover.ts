/**
 * A request token handed from an older activation to a newer one of the same integration.
 *
 * Magento keeps one token row per consumer. Reauthorize deletes it and makes a new verifier row, and
 * `/oauth/token/request` converts whatever row the consumer has (docs/platform.md, "A Reauthorize during an
 * exchange"). So an older exchange whose request-token call reaches the store just after a Reauthorize gets a
 * request token on the *newer* verifier's row. Its own access-token call is then refused ("Token verifier and
 * verifier token do not match"), and the newer exchange's request-token call would be refused too ("consumer
 * token is not a verifier token"). The store issued that request token for the newer verifier: the newer
 * activation takes it over and finishes with its own verifier, and no second request-token call is sent.
 */
import type { FailureReason } from "@magento-integration/client";
import { sealedSecretEquals } from "./consumer-secret.ts";
import type { IntegrationDeps } from "./deps.ts";
import type { Activation } from "@magento-integration/storage";
import type { TokenPair } from "@magento-integration/client/oauth";

/** How many of the installation's latest activations are searched for a token to take over. */
const LOOK_BACK = 10;

/**
 * An exchange that failed like this keeps its request token for a newer activation: the store refused the
 * access-token call because the token's row carries another verifier (our verifier is always well-formed: the
 * callback schema checks it), which only a newer Reauthorize makes.
 */
export function keepsRequestTokenForNewer(step: "request" | "access", reason: FailureReason): boolean {
  return step === "access" && reason === "verifier_invalid";
}

/**
 * Takes over the request token an older activation of the same integration kept (same store URL, same consumer
 * secret: the same store's Reauthorize, never a forger's), the newest first. Null when there is none; the caller
 * then sends its own request-token call.
 */
export async function takeOverRequestToken(
  deps: Pick<IntegrationDeps, "storage" | "box" | "now">,
  activation: Activation,
  consumerSecret: string,
): Promise<{ token: TokenPair; from: Activation } | null> {
  const { storage, box } = deps;
  if (activation.seq <= 1) return null; // the first activation of a consumer key: nothing older to take from
  const older = (await storage.activations.recent(activation.installationId, LOOK_BACK)).filter(
    (a) =>
      a.seq < activation.seq &&
      a.state === "failed" &&
      a.failureReason !== null &&
      keepsRequestTokenForNewer("access", a.failureReason) &&
      a.requestTokenEnc !== null &&
      a.requestTokenSecretEnc !== null &&
      a.storeBaseUrl === activation.storeBaseUrl &&
      sealedSecretEquals(box, a.consumerSecretEnc, consumerSecret),
  );
  for (const from of older) {
    let token: TokenPair;
    try {
      token = { token: box.open(from.requestTokenEnc!), tokenSecret: box.open(from.requestTokenSecretEnc!) };
    } catch {
      continue; // sealed under a key that is gone: nothing to take
    }
    const at = deps.now();
    const taken = await storage.transaction(async (tx) => {
      if (!(await tx.activations.takeRequestToken(from.id, activation.id, at))) return false;
      await tx.events.add({
        installationId: activation.installationId,
        activationId: activation.id,
        kind: "request_token",
        message: `Request token taken over from activation #${from.seq}: its request-token call reached the store after this Reauthorize, so the store issued it for this activation's verifier.`,
        at,
      });
      return true;
    });
    if (taken) return { token, from };
  }
  return null;
}
