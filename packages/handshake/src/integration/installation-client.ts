import {
  createMagentoClient,
  MagentoApiError,
  StoreError,
  type MagentoClient,
  type SignatureChoice,
  type SignatureFamily,
} from "@magento-integration/client";
import { type SecretBox, type Storage, type InstallationState, nextState } from "@magento-integration/storage";
import { markRevocation, revocationEventFor } from "./revocation.ts";

/** The installation has no working access token (or is not the user's): no client can be built for it. */
export class InstallationNotUsableError extends StoreError {
  static override readonly brand: string = "InstallationNotUsableError";
  constructor(
    readonly state: string,
    message: string,
  ) {
    super(message, { code: "installation_not_usable" });
  }
}

/** What a signed client needs of an installation (packages/storage/src/storage's InstallationWithStore has it). */
export interface ClientInstallation {
  id: string;
  state: InstallationState;
  consumerKey: string;
  consumerSecretEnc: string;
  accessTokenEnc: string | null;
  accessTokenSecretEnc: string | null;
  credentialsSeq: number;
  /** When a signed call last succeeded (the client writes it again at most every SUCCESS_STAMP_EVERY_MS). */
  lastSuccessAt?: Date | null;
  store: { id: string; baseUrl: string; signature: SignatureChoice };
}

/**
 * lastSuccessAt is written at most this often per installation: a sync pass or a job builds a client of its own
 * every few seconds, and a write per call was a third of an idle pass's statements. The stores list asks a store
 * again once it was not heard from for STORE_STATE_FRESH_MS (60 s), well above this.
 */
export const SUCCESS_STAMP_EVERY_MS = 30_000;

/**
 * A REST client signed with the installation's four secrets and the store's remembered signature choice. It
 * stamps lastSuccessAt after a successful call, remembers a new signature choice on the Store, and on a
 * revocation 401 marks the installation needs_reauthorization / revoked before rethrowing. `family`: what this
 * process knows of the store's signature family, shared by its clients (packages/client/src/magento/signature-family.ts).
 */
export function clientForInstallationRecord(
  deps: { storage: Storage; box: SecretBox; now: () => Date; fetch: typeof fetch },
  installation: ClientInstallation,
  opts: { storeCode?: string; allowInactive?: boolean; callBudgetMs?: number; family?: SignatureFamily } = {},
): MagentoClient {
  // The client's view of the installation: its state moves with what the store answers (revocation, heal).
  const inst = { ...installation };
  if (!inst.accessTokenEnc || !inst.accessTokenSecretEnc) {
    throw new InstallationNotUsableError(
      inst.state,
      "This store has no access token yet: finish Activate in the store admin.",
    );
  }
  const client = createMagentoClient({
    baseUrl: inst.store.baseUrl,
    auth: {
      kind: "oauth",
      consumerKey: inst.consumerKey,
      consumerSecret: deps.box.open(inst.consumerSecretEnc),
      accessToken: deps.box.open(inst.accessTokenEnc),
      accessTokenSecret: deps.box.open(inst.accessTokenSecretEnc),
    },
    ...(opts.storeCode ? { storeCode: opts.storeCode } : {}),
    signature: inst.store.signature,
    onSignatureChoice: async (choice: SignatureChoice) => {
      await deps.storage.stores.rememberSignature(inst.store.id, choice);
    },
    storedSignature: async () => (await deps.storage.stores.byBaseUrl(inst.store.baseUrl))?.signature,
    ...(opts.family ? { family: opts.family } : {}),
    fetch: deps.fetch,
    ...(opts.callBudgetMs ? { callBudgetMs: opts.callBudgetMs } : {}),
  });

  let lastStamp = inst.lastSuccessAt?.getTime() ?? 0;
  const onSuccess = async () => {
    const now = deps.now();
    if (inst.state === "needs_reauthorization" || inst.state === "revoked") {
      // These very credentials just worked: the earlier 401 is no longer true (e.g. the token was restored).
      const healed = await deps.storage.installations.transition(
        inst.id,
        { state: inst.state, credentialsSeq: inst.credentialsSeq },
        { state: nextState(inst.state, "call_succeeded"), failureReason: null, lastSuccessAt: now },
      );
      if (healed) {
        await deps.storage.events.add({
          installationId: inst.id,
          kind: "recovered",
          message: "A signed call succeeded again; the installation is active.",
          at: now,
        });
      }
      inst.state = "active";
      lastStamp = now.getTime();
      return;
    }
    if (now.getTime() - lastStamp < SUCCESS_STAMP_EVERY_MS) return;
    lastStamp = now.getTime();
    await deps.storage.installations.stampSuccess(inst.id, now);
  };
  const onError = async (e: unknown) => {
    const ev = revocationEventFor(e);
    if (ev && e instanceof MagentoApiError)
      inst.state = await markRevocation(deps.storage, inst, ev, e.renderedMessage, deps.now());
  };
  async function tracked<T>(p: Promise<T>): Promise<T> {
    try {
      const r = await p;
      await onSuccess();
      return r;
    } catch (e) {
      await onError(e);
      throw e;
    }
  }
  return {
    get baseUrl() {
      return client.baseUrl;
    },
    get signature() {
      return client.signature;
    },
    request: (req) => tracked(client.request(req)),
    close: () => client.close(),
    call: (id, args) => tracked(client.call(id, args)),
    async: (id, args) => tracked(client.async(id, args)),
    bulk: (id, rows, o) => tracked(client.bulk(id, rows, o)),
    bulkStatus: (uuid, o) => tracked(client.bulkStatus(uuid, o)),
    searchBulkOperations: (criteria) => tracked(client.searchBulkOperations(criteria)),
    paginate<T>(path: string, popts?: Parameters<MagentoClient["paginate"]>[1]): AsyncIterable<T> {
      const inner = client.paginate<T>(path, popts);
      return {
        async *[Symbol.asyncIterator]() {
          try {
            for await (const item of inner) yield item;
            await onSuccess();
          } catch (e) {
            await onError(e);
            throw e;
          }
        },
      };
    },
  };
}
