/**
 * What the kit knows of one store's signature family, shared by every client of that store in a process
 * (docs/signature-families.md#detecting-the-family). The choice itself is stored per store by the caller
 * (Store.signatureMethod / signatureMode); this object adds what only a running process can know:
 *
 * - the families the store may still use (`candidates`): every call that the candidates sign alike proves nothing,
 *   a call they sign differently is answered by one of them only;
 * - the one call that is finding the family right now (`exclusive`): a call whose candidates sign it differently
 *   waits for it rather than being sent under a guess, so a burst of calls right after activation costs the store
 *   one refused signature, not one per call.
 */
import { buildBaseString, SIGNATURE_MODES, type SignatureMode } from "../oauth/index.ts";
import {
  DEFAULT_SIGNATURE,
  fallbackSignal,
  sameChoice,
  signatureAccepted,
  type FallbackSignal,
} from "./signature-fallback.ts";
import type { SignatureChoice } from "./signature-choice.ts";

/**
 * oauth_* values shaped as Magento's (consumer key, token and nonce are [0-9a-z]): no family encodes them
 * differently, so the base strings of two families differ exactly when the call's URL makes them differ.
 */
const SAMPLE_OAUTH: ReadonlyArray<readonly [string, string]> = [
  ["oauth_consumer_key", "k"],
  ["oauth_nonce", "n"],
  ["oauth_signature_method", "HMAC-SHA256"],
  ["oauth_timestamp", "1"],
  ["oauth_token", "t"],
  ["oauth_version", "1.0"],
];

/** The modes grouped by the base string each gives this call: a single group means they all sign it alike. */
export function modeGroups(method: string, url: string, modes: readonly SignatureMode[]): SignatureMode[][] {
  const groups = new Map<string, SignatureMode[]>();
  for (const mode of modes) {
    let base: string;
    try {
      base = buildBaseString({ method, url, oauthParams: SAMPLE_OAUTH, mode });
    } catch {
      return [[...modes]]; // a URL the signer refuses is refused in every mode
    }
    const group = groups.get(base);
    if (group) group.push(mode);
    else groups.set(base, [mode]);
  }
  return [...groups.values()];
}

/** A copy of what the family knows, to put back when a walk proved nothing. */
interface Snapshot {
  choice: SignatureChoice;
  candidates: SignatureMode[];
}

export class SignatureFamily {
  #choice: SignatureChoice;
  #candidates: SignatureMode[];
  /** A choice was given (remembered for the store): otherwise the first accepted call is reported as found. */
  #known: boolean;
  #busy: Promise<void> | undefined;

  /** `remembered`: the store's stored choice. A mode other than standard is only ever stored after a call proved it. */
  constructor(remembered?: SignatureChoice) {
    this.#choice = remembered ?? DEFAULT_SIGNATURE;
    this.#known = remembered !== undefined;
    this.#candidates = this.#choice.mode === "standard" ? [...SIGNATURE_MODES] : [this.#choice.mode];
  }

  get choice(): SignatureChoice {
    return this.#choice;
  }

  /** False until a choice was remembered or accepted. */
  get known(): boolean {
    return this.#known;
  }

  /** The families still possible (for diagnostics and tests). */
  get candidates(): readonly SignatureMode[] {
    return this.#candidates;
  }

  /**
   * The call's modes grouped by base string (over every mode, so a refusal also rules out each mode that signs the
   * call alike), or undefined when the candidates sign it alike: then its answer proves nothing and it may go at once.
   */
  splits(method: string, url: string): SignatureMode[][] | undefined {
    if (this.#candidates.length < 2) return undefined;
    const groups = modeGroups(method, url, SIGNATURE_MODES);
    const hit = groups.filter((g) => g.some((m) => this.#candidates.includes(m)));
    return hit.length > 1 ? groups : undefined;
  }

  get busy(): boolean {
    return this.#busy !== undefined;
  }

  /** Resolves once no call is finding the family. */
  async settled(): Promise<void> {
    while (this.#busy) await this.#busy;
  }

  /** Runs `fn` as the only call that finds or changes the family; calls that depend on it wait (settled). */
  async exclusive<T>(fn: () => Promise<T>): Promise<T> {
    while (this.#busy) await this.#busy;
    let release!: () => void;
    this.#busy = new Promise<void>((resolve) => (release = resolve));
    try {
      return await fn();
    } finally {
      this.#busy = undefined;
      release();
    }
  }

  snapshot(): Snapshot {
    return { choice: this.#choice, candidates: [...this.#candidates] };
  }

  restore(s: Snapshot): void {
    this.#choice = s.choice;
    this.#candidates = s.candidates;
  }

  /**
   * A choice stored for the store (by this process or another) while this one still had several candidates: a
   * stored mode other than standard was proven by the call that stored it, so it is taken when it is still possible.
   */
  adopt(stored: SignatureChoice | undefined): void {
    if (!stored || stored.mode === "standard" || !this.#candidates.includes(stored.mode)) return;
    this.#candidates = [stored.mode];
    this.#choice = stored;
    this.#known = true;
  }

  /**
   * The store accepted `choice` for a call grouped as `groups` (modeGroups over every mode): the candidates that
   * sign the call otherwise are ruled out. True when the choice is new: changed, or the first one accepted.
   */
  accepted(groups: readonly SignatureMode[][], choice: SignatureChoice): boolean {
    const group = groups.find((g) => g.includes(choice.mode)) ?? [choice.mode];
    const left = this.#candidates.filter((m) => group.includes(m));
    // none left: the store changed family since the candidates were narrowed (an upgrade); the answer is the proof
    this.#candidates = left.length > 0 ? left : [...group];
    const before = this.#choice;
    const wasKnown = this.#known;
    // the current mode stays when this answer cannot tell it from the accepted one
    const mode = this.#candidates.includes(before.mode) ? before.mode : choice.mode;
    this.#choice = { method: choice.method, mode };
    this.#known = true;
    return !wasKnown || !sameChoice(before, this.#choice);
  }

  /** The store refused the signature of `mode` for a call grouped as `groups`: that group is not the store's. */
  refused(groups: readonly SignatureMode[][], mode: SignatureMode): void {
    const group = groups.find((g) => g.includes(mode)) ?? [mode];
    if (group.length === SIGNATURE_MODES.length) return; // every family signs this call alike: not the family's fault
    const left = this.#candidates.filter((m) => !group.includes(m));
    // none left: what was proven no longer holds (an upgrade, a restored backup); every other family is possible
    this.#candidates = left.length > 0 ? left : SIGNATURE_MODES.filter((m) => !group.includes(m));
  }

  /**
   * The next mode to try for a call grouped as `groups`: a candidate whose group holds no mode tried already (they
   * would sign the call alike), the current choice first.
   */
  nextMode(groups: readonly SignatureMode[][], tried: ReadonlySet<SignatureMode>): SignatureMode | undefined {
    const open = groups.filter((g) => !g.some((m) => tried.has(m)));
    const possible = (m: SignatureMode) => this.#candidates.includes(m) && open.some((g) => g.includes(m));
    if (possible(this.#choice.mode)) return this.#choice.mode;
    return SIGNATURE_MODES.find(possible);
  }

  /** Sets the method after a "Signature method %1 is not supported" answer. */
  useMethod(method: SignatureChoice["method"]): void {
    this.#choice = { ...this.#choice, method };
  }
}

/** What a family walk needs from an answer: its status and body (the refusal is in the body), and its sends. */
interface FamilyAnswer {
  status: number;
  text: string;
  /** Sends this answer took (the transport's own retries). */
  attempts: number;
}

export interface FamilyHooks {
  /** Stores a choice the store accepted (best effort). */
  report(choice: SignatureChoice): Promise<void>;
  /** The choice stored for the store now: another process may have found the family. */
  storedSignature?: (() => Promise<SignatureChoice | undefined>) | undefined;
}

interface Sent<A> {
  answer: A;
  choice: SignatureChoice;
  attempts: number;
}

/**
 * A signed REST call in the store's family. Most calls sign alike in every family still possible and go at once.
 * A call they sign differently is the one call that tells them apart while the others that depend on it wait; a
 * refused signature is settled under the same lock, so a call already on its way when another one found the
 * family is sent once more, in that family. `send` signs afresh on every call.
 */
export async function sendInFamily<A extends FamilyAnswer>(
  family: SignatureFamily,
  method: string,
  url: string,
  send: (choice: SignatureChoice) => Promise<A>,
  hooks: FamilyHooks,
): Promise<Sent<A>> {
  for (;;) {
    if (!family.splits(method, url)) break;
    if (!family.busy) return family.exclusive(() => findFamily(family, method, url, send, hooks));
    await family.settled();
  }
  const start = family.choice;
  const answer = await send(start);
  const signal = fallbackSignal(answer.status, answer.text);
  if (!signal) {
    if (!family.known && signatureAccepted(answer.status, answer.text)) {
      if (family.accepted([[...SIGNATURE_MODES]], start)) await hooks.report(family.choice);
    }
    return { answer, choice: start, attempts: answer.attempts };
  }
  return family.exclusive(() => findFamily(family, method, url, send, hooks, { choice: start, answer, signal }));
}

/** The other HMAC method, for a store that says "Signature method %1 is not supported". */
function otherMethod(method: SignatureChoice["method"]): SignatureChoice["method"] | undefined {
  return method === "HMAC-SHA256" ? "HMAC-SHA1" : method === "HMAC-SHA1" ? "HMAC-SHA256" : undefined;
}

async function findFamily<A extends FamilyAnswer>(
  family: SignatureFamily,
  method: string,
  url: string,
  send: (choice: SignatureChoice) => Promise<A>,
  hooks: FamilyHooks,
  first?: { choice: SignatureChoice; answer: A; signal: FallbackSignal },
): Promise<Sent<A>> {
  // Magento 2.4.x stores sign in one of five families and answer each other one only "The signature is invalid"
  // (docs/signature-families.md#detecting-the-family): the families this call tells apart are tried one at a time,
  // the current choice and the stored one first. A walk that ends with nothing accepted proved nothing: what the
  // family knew is put back, so one odd refusal never moves the other calls to another family.
  const before = family.snapshot();
  if (hooks.storedSignature) family.adopt(await hooks.storedSignature().catch(() => undefined));
  const groups = modeGroups(method, url, SIGNATURE_MODES);
  let tried = new Set<SignatureMode>();
  let methodSwitched = false;
  let attempts = 0;
  let last = first;
  /** Takes a refusal in; false when nothing is left to try after it. */
  const settle = (choice: SignatureChoice, signal: FallbackSignal): boolean => {
    if (signal === "signature_invalid") {
      tried.add(choice.mode);
      family.refused(groups, choice.mode);
      return true;
    }
    if (choice.method !== family.choice.method) return true; // another call switched the method meanwhile
    const other = otherMethod(choice.method);
    if (methodSwitched || !other) return false;
    methodSwitched = true;
    family.useMethod(other);
    tried = new Set(); // the method is checked before the signature: no mode was tested under this one
    return true;
  };
  if (first) {
    attempts += first.answer.attempts;
    if (!settle(first.choice, first.signal)) return { answer: first.answer, choice: first.choice, attempts };
  }
  for (;;) {
    const mode = family.nextMode(groups, tried);
    if (mode === undefined) break;
    const choice: SignatureChoice = { method: family.choice.method, mode };
    const answer = await send(choice);
    attempts += answer.attempts;
    const signal = fallbackSignal(answer.status, answer.text);
    if (!signal) {
      if (signatureAccepted(answer.status, answer.text)) {
        // new against the walk's start too: a method switched during the walk is already the family's current one
        const changed = family.accepted(groups, choice);
        if (changed || !sameChoice(before.choice, family.choice)) await hooks.report(family.choice);
      }
      return { answer, choice, attempts };
    }
    last = { choice, answer, signal };
    if (!settle(choice, signal)) break;
  }
  family.restore(before);
  if (last) return { answer: last.answer, choice: last.choice, attempts };
  // not reached: a family always has a candidate, and with nothing tried yet it is open
  const answer = await send(family.choice);
  return { answer, choice: family.choice, attempts: attempts + answer.attempts };
}
