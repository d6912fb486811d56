/**
 * Adobe I/O Events deliveries, as the dev store plays them: registrations (a webhook URL and the client id),
 * checked with `GET <url>?challenge=<uuid>` that must be echoed; CloudEvents 1.0 envelopes carrying `event_id`,
 * `recipient_client_id`, `data.value` and `data._metadata`; signed with RSA-SHA256 over the raw body by two keys
 * the dev store serves itself at the same paths Adobe's key host uses (its stand-in), their paths in
 * `x-adobe-public-key1-path` / `-2-path`. A delivery that fails (not 2xx, or no answer in 10 s) is retried with
 * doubling delays and `x-adobe-retry-count`, until `maxAttempts`.
 */
import { generateKeyPairSync, randomUUID, sign, type KeyObject } from "node:crypto";

export interface IoRegistration {
  id: string;
  url: string;
  clientId: string;
  status: "verified" | "challenge failed";
}

export interface IoDeliveryRecord {
  registrationId: string;
  eventId: string;
  type: string;
  attempt: number;
  status: number | "error";
  at: number;
}

export interface IoEventsOptions {
  nowMs: () => number;
  /** First retry delay; doubles each time (Adobe: 1 min, capped at 15 min). */
  retryBaseMs?: number;
  maxAttempts?: number;
  timeoutMs?: number;
}

const KEY_DIR = "/prod/keys";

export class IoEvents {
  private registrations: IoRegistration[] = [];
  private keys: Array<{ path: string; privateKey: KeyObject; publicPem: string }>;
  readonly deliveries: IoDeliveryRecord[] = [];
  private pending = new Set<Promise<void>>();

  constructor(private readonly o: IoEventsOptions) {
    this.keys = [newKey(), newKey()];
  }

  /** The PEM served at a key path (null: no such key). */
  publicKeyAt(path: string): string | null {
    return this.keys.find((k) => k.path === path)?.publicPem ?? null;
  }

  list(): IoRegistration[] {
    return this.registrations.map((r) => ({ ...r }));
  }

  /** Registers a webhook: the URL must echo the challenge (as text or `{"challenge": …}`). */
  async register(url: string, clientId: string): Promise<IoRegistration> {
    const challenge = randomUUID();
    let ok = false;
    try {
      const u = new URL(url);
      u.searchParams.set("challenge", challenge);
      const res = await fetch(u, { signal: AbortSignal.timeout(this.o.timeoutMs ?? 10_000), redirect: "manual" });
      const text = (await res.text()).slice(0, 4096);
      ok = res.status === 200 && (text.trim() === challenge || safeJson(text)?.challenge === challenge);
    } catch {
      ok = false;
    }
    const reg: IoRegistration = { id: randomUUID(), url, clientId, status: ok ? "verified" : "challenge failed" };
    this.registrations.push(reg);
    return reg;
  }

  clear(): void {
    this.registrations = [];
    this.deliveries.length = 0;
  }

  /** Emits one event to every verified registration, in the background (retried on failure). */
  emit(type: string, value: Record<string, unknown>): void {
    for (const reg of this.registrations.filter((r) => r.status === "verified")) {
      const eventId = randomUUID();
      const envelope = {
        specversion: "1.0",
        id: eventId,
        source: "urn:uuid:devstore",
        type: `com.adobe.commerce.${type}`,
        datacontenttype: "application/json",
        time: new Date(this.o.nowMs()).toISOString(),
        event_id: eventId,
        eventid: eventId,
        recipient_client_id: reg.clientId,
        recipientclientid: reg.clientId,
        data: {
          key: randomUUID(),
          value,
          source: "devstore.dev",
          _metadata: {
            commerceEdition: "Adobe Commerce",
            commerceVersion: "2.4.7",
            eventsClientVersion: "1.0.0",
            storeId: "1",
            websiteId: "1",
            storeGroupId: "1",
          },
        },
      };
      const p = this.deliver(reg, JSON.stringify(envelope), eventId, envelope.type).finally(() =>
        this.pending.delete(p),
      );
      this.pending.add(p);
    }
  }

  /** Waits until every delivery in flight (retries included) is done. */
  async settle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  private async deliver(reg: IoRegistration, body: string, eventId: string, type: string): Promise<void> {
    const max = this.o.maxAttempts ?? 5;
    for (let attempt = 0; attempt < max; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, (this.o.retryBaseMs ?? 60_000) * 2 ** (attempt - 1)));
      const headers: Record<string, string> = {
        "content-type": "application/cloudevents+json",
        "x-adobe-digital-signature-1": sign("sha256", Buffer.from(body), this.keys[0]!.privateKey).toString("base64"),
        "x-adobe-digital-signature-2": sign("sha256", Buffer.from(body), this.keys[1]!.privateKey).toString("base64"),
        "x-adobe-public-key1-path": this.keys[0]!.path,
        "x-adobe-public-key2-path": this.keys[1]!.path,
      };
      if (attempt > 0) headers["x-adobe-retry-count"] = String(attempt);
      let status: number | "error" = "error";
      try {
        const res = await fetch(reg.url, {
          method: "POST",
          headers,
          body,
          redirect: "manual",
          signal: AbortSignal.timeout(this.o.timeoutMs ?? 10_000),
        });
        await res.arrayBuffer().catch(() => undefined);
        status = res.status;
      } catch {
        status = "error";
      }
      this.deliveries.push({ registrationId: reg.id, eventId, type, attempt, status, at: this.o.nowMs() });
      if (this.deliveries.length > 500) this.deliveries.shift();
      if (typeof status === "number" && status >= 200 && status < 300) return;
    }
  }
}

function newKey(): { path: string; privateKey: KeyObject; publicPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return {
    path: `${KEY_DIR}/pub-key-${randomUUID()}.pem`,
    privateKey,
    publicPem: publicKey.export({ type: "spki", format: "pem" }).toString(),
  };
}

function safeJson(text: string): { challenge?: unknown } | null {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === "object" ? (v as { challenge?: unknown }) : null;
  } catch {
    return null;
  }
}
