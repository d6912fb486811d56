/**
 * In-memory tables behind the Integration module: `integration`, `oauth_consumer`, `oauth_token`, `oauth_nonce`.
 * State lives while the server runs; `reset()` empties it (the seed has no integrations). `tables()` and
 * `restore()` copy them out and back in, for the `--state` file (state-file.ts) that keeps them across restarts.
 */
import { randomToken } from "../random.ts";

export type IntegrationStatus = "Inactive" | "Active";

export interface Integration {
  id: number;
  name: string;
  email: string;
  endpoint: string;
  identityLinkUrl: string;
  resources: "all" | string[];
  status: IntegrationStatus;
  consumerId: number;
  createdAt: number;
}

export interface Consumer {
  id: number;
  key: string;
  secret: string;
  createdAt: number;
  /** Stamped by the activation POST; the request-token step must come within the expiry window of it. */
  updatedAt: number;
}

export type TokenType = "verifier" | "request" | "access";

/** One `oauth_token` row: created as `verifier`, converted in place to `request`, then to `access`. */
export interface TokenRow {
  id: number;
  consumerId: number;
  type: TokenType;
  token: string;
  secret: string;
  verifier: string;
  revoked: boolean;
  createdAt: number;
}

export interface IntegrationInput {
  name: string;
  email?: string;
  endpoint?: string;
  identityLinkUrl?: string;
  resources: "all" | string[];
}

/** Nonces older than this are purged (oauth/cleanup/expiration_period = 120 minutes). */
const NONCE_TTL_MS = 120 * 60 * 1000;

/** The rows of the four tables and their auto-increment counters, as plain data. */
export interface IntegrationTables {
  integrations: Integration[];
  consumers: Consumer[];
  tokens: TokenRow[];
  /** `[consumerId, nonce, storedAtMs]`, only those younger than the purge age. */
  nonces: [number, string, number][];
  seq: { integration: number; consumer: number; token: number };
}

export class IntegrationState {
  readonly integrations = new Map<number, Integration>();
  readonly consumers = new Map<number, Consumer>();
  private readonly consumerByKey = new Map<string, Consumer>();
  /** Rows in insertion order, as the table's primary key orders them. */
  private tokens: TokenRow[] = [];
  private readonly tokenByValue = new Map<string, TokenRow>();
  private readonly nonces = new Map<number, Map<string, number>>();
  private nonceWrites = 0;
  private seq = { integration: 0, consumer: 0, token: 0 };

  constructor(private readonly nowMs: () => number) {}

  reset(): void {
    this.integrations.clear();
    this.consumers.clear();
    this.consumerByKey.clear();
    this.tokens = [];
    this.tokenByValue.clear();
    this.nonces.clear();
    this.seq = { integration: 0, consumer: 0, token: 0 };
  }

  /** A copy of every row (nonces past the purge age left out). */
  tables(): IntegrationTables {
    const now = this.nowMs();
    const nonces: [number, string, number][] = [];
    for (const [consumerId, set] of this.nonces)
      for (const [n, at] of set) if (now - at <= NONCE_TTL_MS) nonces.push([consumerId, n, at]);
    return structuredClone({
      integrations: [...this.integrations.values()],
      consumers: [...this.consumers.values()],
      tokens: this.tokens,
      nonces,
      seq: this.seq,
    });
  }

  /** Replaces every row with `tables` (checked by the caller). */
  restore(tables: IntegrationTables): void {
    this.reset();
    const t = structuredClone(tables);
    for (const i of t.integrations) this.integrations.set(i.id, i);
    for (const c of t.consumers) {
      this.consumers.set(c.id, c);
      this.consumerByKey.set(c.key, c);
    }
    this.tokens = t.tokens;
    for (const row of t.tokens) this.tokenByValue.set(row.token, row);
    for (const [consumerId, n, at] of t.nonces) {
      let set = this.nonces.get(consumerId);
      if (!set) this.nonces.set(consumerId, (set = new Map()));
      set.set(n, at);
    }
    this.seq = t.seq;
  }

  createIntegration(input: IntegrationInput): Integration {
    const now = this.nowMs();
    const consumer: Consumer = {
      id: ++this.seq.consumer,
      key: randomToken(),
      secret: randomToken(),
      createdAt: now,
      updatedAt: now,
    };
    this.consumers.set(consumer.id, consumer);
    this.consumerByKey.set(consumer.key, consumer);
    const integration: Integration = {
      id: ++this.seq.integration,
      name: input.name,
      email: input.email ?? "",
      endpoint: input.endpoint ?? "",
      identityLinkUrl: input.identityLinkUrl ?? "",
      resources: input.resources,
      status: "Inactive",
      consumerId: consumer.id,
      createdAt: now,
    };
    this.integrations.set(integration.id, integration);
    return integration;
  }

  updateIntegration(id: number, input: IntegrationInput): Integration | undefined {
    const i = this.integrations.get(id);
    if (!i) return undefined;
    i.name = input.name;
    i.email = input.email ?? "";
    i.endpoint = input.endpoint ?? "";
    i.identityLinkUrl = input.identityLinkUrl ?? "";
    i.resources = input.resources;
    return i;
  }

  deleteIntegration(id: number): boolean {
    const i = this.integrations.get(id);
    if (!i) return false;
    this.integrations.delete(id);
    const consumer = this.consumers.get(i.consumerId);
    if (consumer) {
      this.consumers.delete(consumer.id);
      this.consumerByKey.delete(consumer.key);
    }
    for (const t of this.tokens.filter((row) => row.consumerId === i.consumerId)) this.deleteToken(t);
    this.nonces.delete(i.consumerId);
    return true;
  }

  integrationByConsumerId(consumerId: number): Integration | undefined {
    for (const i of this.integrations.values()) if (i.consumerId === consumerId) return i;
    return undefined;
  }

  consumerByKeyValue(key: string): Consumer | undefined {
    return this.consumerByKey.get(key);
  }

  /** `getIntegrationTokenByConsumerId`: the consumer's first token row. */
  integrationToken(consumerId: number): TokenRow | undefined {
    return this.tokens.find((t) => t.consumerId === consumerId);
  }

  tokenByValueOf(token: string): TokenRow | undefined {
    return this.tokenByValue.get(token);
  }

  /** `Token::createVerifierToken`: reuse the consumer's verifier row, or insert a new one. */
  createVerifierToken(consumerId: number): TokenRow {
    const existing = this.tokens.find((t) => t.consumerId === consumerId && t.type === "verifier");
    if (existing) return existing;
    const row: TokenRow = {
      id: ++this.seq.token,
      consumerId,
      type: "verifier",
      token: randomToken(),
      secret: randomToken(),
      verifier: randomToken(),
      revoked: false,
      createdAt: this.nowMs(),
    };
    this.tokens.push(row);
    this.tokenByValue.set(row.token, row);
    return row;
  }

  /** Converts a row in place (verifier → request → access) with a fresh token and secret. */
  convertToken(row: TokenRow, type: "request" | "access"): TokenRow {
    this.tokenByValue.delete(row.token);
    row.type = type;
    row.token = randomToken();
    row.secret = randomToken();
    this.tokenByValue.set(row.token, row);
    return row;
  }

  deleteToken(row: TokenRow): void {
    this.tokens = this.tokens.filter((t) => t !== row);
    this.tokenByValue.delete(row.token);
  }

  accessTokenOf(consumerId: number): TokenRow | undefined {
    return this.tokens.find((t) => t.consumerId === consumerId && t.type === "access");
  }

  /** Stores a nonce; false when the consumer already used it. */
  storeNonce(consumerId: number, nonce: string): boolean {
    let set = this.nonces.get(consumerId);
    if (!set) this.nonces.set(consumerId, (set = new Map()));
    if (set.has(nonce)) return false;
    const now = this.nowMs();
    set.set(nonce, now);
    if (++this.nonceWrites % 10_000 === 0) this.purgeNonces(now);
    return true;
  }

  private purgeNonces(now: number): void {
    for (const set of this.nonces.values()) for (const [n, at] of set) if (now - at > NONCE_TTL_MS) set.delete(n);
  }
}
