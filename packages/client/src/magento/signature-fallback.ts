/**
 * Signature method and family fallback (docs/signature-families.md#detecting-the-family): on 400 "Signature method %1 is not supported" switch
 * HMAC-SHA256 ↔ HMAC-SHA1 once; on 401 "The signature is invalid. Verify and try again." try each remaining
 * mode (standard → D → C → E), every try freshly signed. The token calls walk here; REST calls walk in
 * signature-family.ts, where one call finds a store's family for every client of the store.
 */
import { SIGNATURE_MODES, type SignatureMode } from "../oauth/index.ts";
import { classifyMessage } from "./error-codes.ts";
import { parseErrorBody } from "./error-message.ts";
import type { SignatureChoice } from "./signature-choice.ts";

export type FallbackSignal = "method_not_supported" | "signature_invalid";

/**
 * Reads a response (REST JSON `{message, parameters}` or an `oauth_problem` form body) for a fallback trigger:
 * the method message counts only on a 400, the signature message only on a 401 (the statuses Magento uses).
 */
export function fallbackSignal(status: number, bodyText: string): FallbackSignal | undefined {
  if (status !== 400 && status !== 401) return undefined;
  const parsed = parseErrorBody(bodyText);
  if (!parsed) return undefined;
  const code = classifyMessage(parsed.template, parsed.renderedMessage, parsed.parameters)?.code;
  if (status === 400 && code === "method_not_supported") return "method_not_supported";
  if (status === 401 && code === "signature_invalid") return "signature_invalid";
  return undefined;
}

/**
 * True when the store must have accepted the signature: a 2xx, or a 4xx that Magento only produces after
 * authentication (validation 400, NoSuchEntity 404, …). 401s, the method 400 and the router's
 * "Request does not match any route." 404 (raised before authentication) prove nothing.
 */
export function signatureAccepted(status: number, bodyText: string): boolean {
  if (status >= 200 && status < 300) return true;
  if (status < 400 || status >= 500 || status === 401) return false;
  if (fallbackSignal(status, bodyText)) return false;
  if (status === 404 && /^Request does not match any route\.?$/.test(parseErrorBody(bodyText)?.template ?? ""))
    return false;
  return true;
}

export const DEFAULT_SIGNATURE: SignatureChoice = { method: "HMAC-SHA256", mode: "standard" };

/** One request's walk through the choices; `next` returns the choice to try after a failure, or undefined. */
export class SignatureNegotiation {
  private tried = new Set<SignatureMode>();
  private methodSwitched = false;

  constructor(public current: SignatureChoice) {
    this.tried.add(current.mode);
  }

  next(signal: FallbackSignal): SignatureChoice | undefined {
    if (signal === "method_not_supported") {
      if (this.methodSwitched) return undefined;
      const other =
        this.current.method === "HMAC-SHA256"
          ? "HMAC-SHA1"
          : this.current.method === "HMAC-SHA1"
            ? "HMAC-SHA256"
            : undefined;
      if (!other) return undefined;
      this.methodSwitched = true;
      // the method is checked before the signature, so no mode has been tested yet
      this.tried = new Set([this.current.mode]);
      this.current = { ...this.current, method: other };
      return this.current;
    }
    const mode = SIGNATURE_MODES.find((m) => !this.tried.has(m));
    if (!mode) return undefined;
    this.tried.add(mode);
    this.current = { ...this.current, mode };
    return this.current;
  }
}

/** What a fallback walk needs from an answer: its status and body (the fallback trigger is in the body). */
export interface SignedAnswer {
  status: number;
  text: string;
  /** Sends this answer took (the transport's own retries); 1 when not said. */
  attempts?: number;
}

/**
 * The token calls' signature fallback loop (oauth-endpoints.ts; REST calls use sendInFamily, signature-family.ts):
 * send in `start`; while the store answers with a fallback trigger (fallbackSignal) and a
 * choice is left to try (SignatureNegotiation), send again in the next choice. `send` signs afresh on every call.
 * Returns the last answer, the choice it was signed with, and the sends it took in all. Any other answer, or every
 * choice tried, ends the walk. `enabled: false` sends once (bearer tokens carry no signature; an unproven store
 * gets one token call).
 */
export async function sendWithSignatureFallback<A extends SignedAnswer>(
  start: SignatureChoice,
  send: (choice: SignatureChoice) => Promise<A>,
  enabled = true,
): Promise<{ answer: A; choice: SignatureChoice; attempts: number }> {
  let choice = start;
  let attempts = 0;
  let negotiation: SignatureNegotiation | undefined; // made on the first fallback signal only (most calls never see one)
  for (;;) {
    const answer = await send(choice);
    attempts += answer.attempts ?? 1;
    const signal = enabled ? fallbackSignal(answer.status, answer.text) : undefined;
    const next = signal && (negotiation ??= new SignatureNegotiation(start)).next(signal);
    if (!next) return { answer, choice, attempts };
    choice = next;
  }
}

export function sameChoice(a: SignatureChoice, b: SignatureChoice): boolean {
  return a.method === b.method && a.mode === b.mode;
}
