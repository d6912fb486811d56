/**
 * Magento's `Framework\Oauth\Oauth` + `Integration\Model\Oauth\Token\Provider` + `Nonce\Generator`:
 * the checks of the token endpoints and of signed REST calls, in Magento's order (Integration/Model/OauthService.php, Oauth/Oauth.php).
 */
import type { Profile } from "../config/profiles.ts";
import type { StoreClock } from "../clock.ts";
import type { Consumer, IntegrationState, TokenRow } from "../integrations/state.ts";
import { OauthException, OauthInputException, requiredParam } from "./oauth-errors.ts";
import { looseEqualsVersion, phpIntCast } from "./php-strings.ts";
import { computeSignature, signatureMatches, type SignatureSubject } from "./signature.ts";

export interface OAuthProviderDeps {
  state: IntegrationState;
  profile: Profile;
  clock: StoreClock;
  /** oauth/consumer/expiration_period, seconds (default 300). */
  consumerExpirySeconds: number;
}

/** The request as the provider sees it: method/URL for the base string plus the helper's params. */
export interface ProviderRequest {
  subject: Omit<SignatureSubject, "params">;
  params: Map<string, string>;
}

const BASE_REQUIRED = [
  "oauth_consumer_key",
  "oauth_signature",
  "oauth_signature_method",
  "oauth_nonce",
  "oauth_timestamp",
];
const TOKEN_LENGTH = 32;
/** Nonce\Generator::TIME_DEVIATION */
const TIME_DEVIATION = 600;

export class OAuthProvider {
  constructor(private readonly deps: OAuthProviderDeps) {}

  /** POST /oauth/token/request */
  getRequestToken(req: ProviderRequest): { oauth_token: string; oauth_token_secret: string } {
    const consumer = this.validateProtocolParams(req.params, BASE_REQUIRED);
    this.validateConsumer(consumer);
    this.validateSignature(req, consumer, undefined);
    const token = this.integrationToken(consumer);
    if (token.type !== "verifier") {
      throw new OauthException({
        template: "Cannot create request token because consumer token is not a verifier token",
      });
    }
    const row = this.deps.state.convertToken(token, "request");
    return { oauth_token: row.token, oauth_token_secret: row.secret };
  }

  /** POST /oauth/token/access; the Access controller then sets the integration Active. */
  getAccessToken(req: ProviderRequest): { oauth_token: string; oauth_token_secret: string } {
    const consumer = this.validateProtocolParams(req.params, [...BASE_REQUIRED, "oauth_token", "oauth_verifier"]);
    const requestToken = this.validateRequestToken(
      req.params.get("oauth_token")!,
      consumer,
      req.params.get("oauth_verifier"),
    );
    this.validateSignature(req, consumer, requestToken.secret);
    const token = this.integrationToken(consumer);
    if (token.type !== "request") {
      throw new OauthException({ template: "Cannot get access token because consumer token is not a request token" });
    }
    const row = this.deps.state.convertToken(token, "access");
    const integration = this.deps.state.integrationByConsumerId(consumer.id);
    if (integration) integration.status = "Active";
    return { oauth_token: row.token, oauth_token_secret: row.secret };
  }

  /** A signed REST call (OauthUserContext → validateAccessTokenRequest): returns the consumer id. */
  validateAccessTokenRequest(req: ProviderRequest): number {
    const consumer = this.validateProtocolParams(req.params, [...BASE_REQUIRED, "oauth_token"]);
    const token = this.getToken(req.params.get("oauth_token")!);
    if (token.consumerId !== consumer.id)
      throw new OauthException({ template: "Token is not associated with the specified consumer" });
    if (token.type !== "access") throw new OauthException({ template: "Token is not an access token" });
    if (token.revoked) throw new OauthException({ template: "Access token has been revoked" });
    this.validateSignature(req, consumer, token.secret);
    return consumer.id;
  }

  /** `_validateProtocolParams`: version, required params, token length, method, consumer, nonce. */
  private validateProtocolParams(params: Map<string, string>, required: string[]): Consumer {
    const version = params.get("oauth_version");
    if (version !== undefined && !looseEqualsVersion(version)) {
      throw new OauthInputException({ template: 'The "%1" Oauth version isn\'t supported.', parameters: [version] });
    }
    const missing = required.filter((name) => !params.has(name));
    if (missing.length > 0) throw OauthInputException.aggregate(missing.map(requiredParam));
    const token = params.get("oauth_token");
    if (token !== undefined && token.length !== TOKEN_LENGTH) {
      throw new OauthInputException({ template: "The token length is invalid. Check the length and try again." });
    }
    const method = params.get("oauth_signature_method")!;
    if (!this.deps.profile.signatureMethods.includes(method)) {
      throw new OauthInputException({ template: "Signature method %1 is not supported", parameters: [method] });
    }
    const consumer = this.getConsumerByKey(params.get("oauth_consumer_key")!);
    this.validateNonce(consumer, params.get("oauth_nonce")!, params.get("oauth_timestamp")!);
    return consumer;
  }

  private getConsumerByKey(key: string): Consumer {
    if (key.length !== TOKEN_LENGTH) throw new OauthException({ template: "Consumer key is not the correct length" });
    const consumer = this.deps.state.consumerByKeyValue(key);
    if (!consumer) throw new OauthException({ template: "A consumer having the specified key does not exist" });
    return consumer;
  }

  /** Nonce\Generator::validateNonce: the nonce is stored here, before any signature check. */
  private validateNonce(consumer: Consumer, nonce: string, timestamp: string): void {
    const ts = phpIntCast(timestamp);
    if (ts <= 0 || ts > this.deps.clock.nowSeconds() + TIME_DEVIATION) {
      // The OauthInputException "Incorrect timestamp value…" is caught and re-thrown as this generic message.
      throw new OauthException({ template: "An error occurred validating the nonce" });
    }
    if (!this.deps.state.storeNonce(consumer.id, nonce)) {
      throw new OauthException({
        template: "The nonce is already being used by the consumer with ID %1",
        parameters: [consumer.id],
      });
    }
  }

  /** Consumer::isValidForTokenExchange (request step only). */
  private validateConsumer(consumer: Consumer): void {
    const ageSeconds = this.deps.clock.nowSeconds() - Math.floor(consumer.updatedAt / 1000);
    if (!(this.deps.consumerExpirySeconds > ageSeconds))
      throw new OauthException({ template: "Consumer key has expired" });
  }

  private integrationToken(consumer: Consumer): TokenRow {
    const token = this.deps.state.integrationToken(consumer.id);
    if (!token)
      throw new OauthException({ template: "A token with consumer ID %1 does not exist", parameters: [consumer.id] });
    return token;
  }

  /** Provider::_getToken */
  private getToken(value: string): TokenRow {
    if (value.length !== TOKEN_LENGTH) {
      throw new OauthInputException({ template: "The token length is invalid. Check the length and try again." });
    }
    const token = this.deps.state.tokenByValueOf(value);
    if (!token) throw new OauthException({ template: "Specified token does not exist" });
    return token;
  }

  /** Provider::validateRequestToken, including the verifier checks. */
  private validateRequestToken(value: string, consumer: Consumer, verifier: string | undefined): TokenRow {
    const token = this.getToken(value);
    if (token.consumerId !== consumer.id)
      throw new OauthException({ template: "Request token is not associated with the specified consumer" });
    if (token.type !== "request") throw new OauthException({ template: "Token is already being used" });
    if (typeof verifier !== "string") throw new OauthException({ template: "Verifier is invalid" });
    if (verifier.length !== TOKEN_LENGTH) throw new OauthException({ template: "Verifier is not the correct length" });
    if (!signatureMatches(token.verifier, verifier))
      throw new OauthException({ template: "Token verifier and verifier token do not match" });
    return token;
  }

  private validateSignature(req: ProviderRequest, consumer: Consumer, tokenSecret: string | undefined): void {
    const method = req.params.get("oauth_signature_method")!;
    const expected = computeSignature(
      this.deps.profile.family,
      method,
      { ...req.subject, params: req.params },
      consumer.secret,
      tokenSecret,
    );
    if (!signatureMatches(expected, req.params.get("oauth_signature")!)) {
      throw new OauthException({ template: "The signature is invalid. Verify and try again." });
    }
  }
}
