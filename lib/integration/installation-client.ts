import { createMagentoClient, type MagentoClient, type SignatureChoice } from "@/lib/magento";
import type { SignatureMethod, SignatureMode } from "@/lib/oauth";
import type { Db } from "@/lib/db";
import type { SecretBox } from "@/lib/secret-box";
import { markRevocation, revocationEventFor } from "@/lib/integration/revocation";
import { addEvent } from "@/lib/integration/deps";
import { nextState } from "@/lib/integration/states";

export class InstallationNotUsableError extends Error {
  override readonly name = "InstallationNotUsableError";
  constructor(
    readonly state: string,
    message: string,
  ) {
    super(message);
  }
}

type InstallationWithStore = {
  id: string;
  state: string;
  consumerKey: string;
  consumerSecretEnc: string;
  accessTokenEnc: string | null;
  accessTokenSecretEnc: string | null;
  credentialsSeq: number;
  store: { id: string; baseUrl: string; signatureMethod: string; signatureMode: string };
};

/**
 * A REST client signed with the installation's four secrets and the store's remembered signature choice. It
 * stamps lastSuccessAt after a successful call, remembers a new signature choice on the Store, and on a
 * revocation 401 marks the installation needs_reauthorization / revoked before rethrowing.
 */
export function clientForInstallationRecord(
  deps: { db: Db; box: SecretBox; now: () => Date; fetch: typeof fetch },
  inst: InstallationWithStore,
  opts: { storeCode?: string; allowInactive?: boolean } = {},
): MagentoClient {
  if (!inst.accessTokenEnc || !inst.accessTokenSecretEnc) {
    throw new InstallationNotUsableError(inst.state, "This store has no access token yet: finish Activate in the store admin.");
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
    signature: { method: inst.store.signatureMethod as SignatureMethod, mode: inst.store.signatureMode as SignatureMode },
    onSignatureChoice: async (choice: SignatureChoice) => {
      await deps.db.store.update({
        where: { id: inst.store.id },
        data: { signatureMethod: choice.method, signatureMode: choice.mode },
      });
    },
    fetch: deps.fetch,
  });

  let lastStamp = 0;
  const onSuccess = async () => {
    const now = deps.now();
    if (inst.state === "needs_reauthorization" || inst.state === "revoked") {
      // These very credentials just worked: the earlier 401 is no longer true (e.g. the token was restored).
      const healed = await deps.db.installation.updateMany({
        where: { id: inst.id, credentialsSeq: inst.credentialsSeq, state: inst.state },
        data: { state: nextState(inst.state, "call_succeeded"), failureReason: null, lastSuccessAt: now },
      });
      if (healed.count > 0) {
        await addEvent(deps.db, { installationId: inst.id, kind: "recovered", message: "A signed call succeeded again; the installation is active.", at: now });
      }
      inst.state = "active";
      lastStamp = now.getTime();
      return;
    }
    if (now.getTime() - lastStamp < 5_000) return; // one write per burst of calls
    lastStamp = now.getTime();
    await deps.db.installation.update({ where: { id: inst.id }, data: { lastSuccessAt: now } });
  };
  const onError = async (e: unknown) => {
    const ev = revocationEventFor(e);
    if (ev) {
      const msg = (e as { renderedMessage?: string }).renderedMessage;
      inst.state = await markRevocation(deps.db, inst, ev, msg, deps.now());
    }
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
