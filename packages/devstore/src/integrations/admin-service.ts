/**
 * The merchant's integration actions, shared by the admin pages and the admin JSON API:
 * save, activate (Allow in the permissions dialog), reauthorize, delete, revoke.
 */
import { OauthException } from "../auth/oauth-errors.ts";
import {
  createAccessToken,
  identityPopupUrl,
  postToConsumer,
  usesTokenExchange,
  type ActivationDeps,
} from "./activation.ts";
import type { Integration, IntegrationInput, IntegrationState } from "./state.ts";

export interface IntegrationView {
  id: number;
  name: string;
  email: string;
  status: "Inactive" | "Active";
  consumer_key: string;
  consumer_secret: string;
  endpoint: string;
  identity_link_url: string;
  resources: "all" | string[];
  access_token?: string;
  access_token_secret?: string;
}

export interface ManualTokens {
  consumer_key: string;
  consumer_secret: string;
  access_token: string;
  access_token_secret: string;
}

export type ActivationResult =
  | {
      mode: "oauth";
      identity_url: string | null;
      oauth_consumer_key: string;
      callback: { status?: number; error?: string };
    }
  | { mode: "manual"; tokens: ManualTokens };

export class IntegrationAdmin {
  constructor(
    private readonly state: IntegrationState,
    private readonly activation: ActivationDeps,
    /** The admin URL the identity page must return to (`loginSuccessCallback/key/<hash>/`). */
    readonly successCallbackUrl: () => string,
  ) {}

  list(): IntegrationView[] {
    return [...this.state.integrations.values()].map((i) => this.view(i));
  }

  get(id: number): IntegrationView | undefined {
    const i = this.state.integrations.get(id);
    return i ? this.view(i) : undefined;
  }

  create(input: IntegrationInput): IntegrationView {
    return this.view(this.state.createIntegration(input));
  }

  update(id: number, input: IntegrationInput): IntegrationView | undefined {
    const i = this.state.updateIntegration(id, input);
    return i ? this.view(i) : undefined;
  }

  delete(id: number): boolean {
    return this.state.deleteIntegration(id);
  }

  /** Revokes the integration's access token (token row `revoked` flag). */
  revoke(id: number): boolean {
    const i = this.state.integrations.get(id);
    const row = i ? this.state.accessTokenOf(i.consumerId) : undefined;
    if (!row) return false;
    row.revoked = true;
    return true;
  }

  /**
   * Allow in the permissions dialog. With both URLs: TokensExchange (reauthorize first deletes the token and
   * sets Inactive, then postToConsumer); a transport failure leaves the integration Inactive and no popup.
   * Without both URLs: TokensDialog's manual mode (tokensDialog below).
   */
  async activate(id: number, reauthorize: boolean): Promise<ActivationResult | undefined> {
    const i = this.state.integrations.get(id);
    if (!i) return undefined;
    const consumer = this.state.consumers.get(i.consumerId)!;
    if (!usesTokenExchange(i)) return this.tokensDialog(i, reauthorize);
    if (reauthorize) {
      const token = this.state.integrationToken(i.consumerId);
      if (token) this.state.deleteToken(token);
      i.status = "Inactive";
    }
    try {
      const { status } = await postToConsumer(this.activation, i);
      return {
        mode: "oauth",
        identity_url: identityPopupUrl(i, consumer.key, this.successCallbackUrl()),
        oauth_consumer_key: consumer.key,
        callback: { status },
      };
    } catch (e) {
      if (!(e instanceof OauthException)) throw e;
      return { mode: "oauth", identity_url: null, oauth_consumer_key: consumer.key, callback: { error: e.message } };
    }
  }

  /**
   * TokensDialog: `createAccessToken(consumerId, reauthorize)`, Active only when that created the token; the
   * dialog then shows the consumer key and secret, and the access token and secret only if the consumer's token
   * row is an access token (empty fields otherwise, e.g. when a verifier from an earlier OAuth activation is left).
   */
  private tokensDialog(i: Integration, reauthorize: boolean): ActivationResult {
    const consumer = this.state.consumers.get(i.consumerId)!;
    if (createAccessToken(this.state, i.consumerId, reauthorize)) i.status = "Active";
    const token = this.state.integrationToken(i.consumerId);
    const access = token?.type === "access" ? token : undefined;
    return {
      mode: "manual",
      tokens: {
        consumer_key: consumer.key,
        consumer_secret: consumer.secret,
        access_token: access?.token ?? "",
        access_token_secret: access?.secret ?? "",
      },
    };
  }

  view(i: Integration): IntegrationView {
    const consumer = this.state.consumers.get(i.consumerId)!;
    const access = this.state.accessTokenOf(i.consumerId);
    return {
      id: i.id,
      name: i.name,
      email: i.email,
      status: i.status,
      consumer_key: consumer.key,
      consumer_secret: consumer.secret,
      endpoint: i.endpoint,
      identity_link_url: i.identityLinkUrl,
      resources: i.resources,
      ...(access ? { access_token: access.token, access_token_secret: access.secret } : {}),
    };
  }
}
