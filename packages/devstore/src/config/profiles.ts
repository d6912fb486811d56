/**
 * Store profiles (devstore/README.md "Profiles"): each profile changes only the signature family,
 * the accepted signature methods, the name of the consumer-secret field in the activation POST, the kind of
 * admin/customer tokens, whether integration tokens work as Bearer without the 2.4.4+ flag, whether an unknown
 * searchCriteria property is refused (2.4.7+), and (seed only) the order in which several sort orders apply.
 */
export type ProfileName = "2.4.3" | "2.4.5" | "2.4.7" | "2.4.8" | "2.4.9" | "seed";
export type SignatureFamily = "A" | "B" | "C" | "D" | "E";

export interface Profile {
  name: ProfileName;
  /** The Magento releases this profile behaves like. */
  versions: string;
  family: SignatureFamily;
  /** `Oauth::getSupportedSignatureMethods()`: exact, case-sensitive strings. */
  signatureMethods: readonly string[];
  /** Name of the consumer-secret field in the activation POST. */
  consumerSecretField: "oauth_consumer_secret" | "oauth_consumer_key_secret";
  /** 2.4.4+ issue JWT admin/customer tokens (Magento_JwtUserToken); older stores issue 32-char opaque tokens. */
  jwtUserTokens: boolean;
  /**
   * 2.4.0–2.4.3 TokenUserContext takes an integration access token as Bearer like any other token; the
   * oauth/consumer/enable_integration_as_bearer flag (off by default) only exists from 2.4.4.
   */
  integrationBearerWithoutFlag: boolean;
  /**
   * The seed applies `sortOrders[<i>]` "in index order"; Magento loops over the PHP array, i.e. in the order the
   * parameters were written (ServiceInputProcessor, SortingProcessor). The two agree when written in order.
   */
  sortOrdersByIndex: boolean;
  /**
   * ServiceInputProcessor refuses a searchCriteria property it has no getter for (400) from Magento 2.4.7 on;
   * earlier releases skip it (rest/search-criteria.ts `checkProperties`).
   */
  rejectsUnknownProperties: boolean;
}

export const PROFILES: Record<ProfileName, Profile> = {
  "2.4.3": {
    name: "2.4.3",
    versions: "2.4.0–2.4.3",
    family: "A",
    signatureMethods: ["HMAC-SHA1", "HMAC-SHA256"],
    consumerSecretField: "oauth_consumer_secret",
    jwtUserTokens: false,
    integrationBearerWithoutFlag: true,
    sortOrdersByIndex: false,
    rejectsUnknownProperties: false,
  },
  "2.4.5": {
    name: "2.4.5",
    versions: "2.4.4–2.4.5",
    family: "B",
    signatureMethods: ["HMAC-SHA256"],
    consumerSecretField: "oauth_consumer_secret",
    jwtUserTokens: true,
    integrationBearerWithoutFlag: false,
    sortOrdersByIndex: false,
    rejectsUnknownProperties: false,
  },
  "2.4.7": {
    name: "2.4.7",
    versions: "2.4.6–2.4.7",
    family: "C",
    signatureMethods: ["HMAC-SHA256"],
    consumerSecretField: "oauth_consumer_secret",
    jwtUserTokens: true,
    integrationBearerWithoutFlag: false,
    sortOrdersByIndex: false,
    rejectsUnknownProperties: true,
  },
  "2.4.8": {
    name: "2.4.8",
    versions: "2.4.8",
    family: "D",
    signatureMethods: ["HMAC-SHA256"],
    consumerSecretField: "oauth_consumer_secret",
    jwtUserTokens: true,
    integrationBearerWithoutFlag: false,
    sortOrdersByIndex: false,
    rejectsUnknownProperties: true,
  },
  "2.4.9": {
    name: "2.4.9",
    versions: "later 2.4-develop",
    family: "E",
    // Oauth.php still accepts only HMAC-SHA256; the family-E Hmac class would map SHA1 too (signature.ts).
    signatureMethods: ["HMAC-SHA256"],
    consumerSecretField: "oauth_consumer_secret",
    jwtUserTokens: true,
    integrationBearerWithoutFlag: false,
    sortOrdersByIndex: false,
    rejectsUnknownProperties: true,
  },
  seed: {
    name: "seed",
    versions: "the seed documents",
    family: "A",
    signatureMethods: ["HMAC-SHA1", "HMAC-SHA256"],
    // The seed names the activation field oauth_consumer_key_secret (real stores send oauth_consumer_secret).
    consumerSecretField: "oauth_consumer_key_secret",
    jwtUserTokens: false,
    integrationBearerWithoutFlag: false,
    sortOrdersByIndex: true,
    rejectsUnknownProperties: false,
  },
};

export const PROFILE_NAMES = Object.keys(PROFILES) as ProfileName[];
export const DEFAULT_PROFILE: ProfileName = "2.4.7";

export function isProfileName(value: string): value is ProfileName {
  return Object.prototype.hasOwnProperty.call(PROFILES, value);
}

export function getProfile(name: ProfileName): Profile {
  return PROFILES[name];
}
