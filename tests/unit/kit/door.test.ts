/**
 * The door (lib/verbs/door.ts): `kit.forUser(id)` and `kit.forRequest(ctx[, id])` offer the kit's verbs under the
 * names lib/verbs gives them, with the caller filled in at the right argument, and act like the verbs themselves.
 */
import { describe, expect, it } from "vitest";
import { createKit, type CookieJar, type Kit } from "@/lib/kit";
import { ASIS, bind } from "@/lib/verbs/door";
import { parseEnv } from "@/lib/env";
import { createSecretBox, type Storage } from "@magento-integration/storage";
import { createLogger } from "@/lib/log";
import { freshDatabase } from "../../helpers/databases";

function cookieJar(): CookieJar & { jar: Map<string, string> } {
  const jar = new Map<string, string>();
  return {
    jar,
    get: (name) => (jar.has(name) ? { value: jar.get(name)! } : undefined),
    set: (n, v) => void jar.set(n, v),
  };
}

describe("bind", () => {
  const verbs = {
    prefix: "v:",
    at0(a: string, b: string) {
      return `${this.prefix}${a}|${b}`;
    },
    at1(a: string, b: string, c?: string) {
      return `${this.prefix}${a}|${b}|${c}`;
    },
    at2(a: string, b: string, c: string) {
      return `${a}|${b}|${c}`;
    },
    loose: (a: string) => a,
  };

  it("puts the caller at the argument each verb takes it, keeps `this`, and offers ASIS verbs as they are", () => {
    const d = bind(verbs, "U", { at0: 0, at1: 1, at2: 2, loose: ASIS });
    expect(d.at0("x")).toBe("v:U|x");
    expect(d.at1("x", "y")).toBe("v:x|U|y");
    expect(d.at1("x")).toBe("v:x|U|undefined");
    expect(d.at2("x", "y")).toBe("x|y|U");
    expect(d.loose).toBe(verbs.loose);
  });

  it("offers only the verbs its table lists, each a function named as the verb", () => {
    const d = bind(verbs, "U", { at1: 1 });
    expect(Object.keys(d)).toEqual(["at1"]);
    expect(d.at1.name).toBe("at1");
  });
});

// each test migrates a database (the first also builds the migrated template): seconds on a busy machine
describe("the kit's door", { timeout: 60_000 }, () => {
  async function kitOver(): Promise<{ kit: Kit; storage: Storage; dispose: () => Promise<void> }> {
    const database = await freshDatabase("sqlite");
    const kit = createKit({
      env: parseEnv({ NODE_ENV: "test", DATABASE_URL: database.url }),
      db: database.database,
      storage: database.storage,
      secretBox: createSecretBox([{ id: "t1", key: Buffer.alloc(32, 9) }]),
      log: createLogger({ level: "silent" }),
      fetch: globalThis.fetch,
    });
    return { kit, storage: database.storage, dispose: () => database.dispose() };
  }

  it("renames no verb: every member the door offers is the kit's verb of that name, in the same namespace", async () => {
    const { kit, dispose } = await kitOver();
    try {
      const doors = {
        forUser: kit.forUser("u1"),
        forRequest: kit.forRequest({ cookies: cookieJar() }),
        signedIn: kit.forRequest({ cookies: cookieJar() }, "u1"),
      };
      let offered = 0;
      for (const [doorName, door] of Object.entries(doors)) {
        for (const [ns, members] of Object.entries(door)) {
          const verbs = (kit as unknown as Record<string, Record<string, unknown>>)[ns];
          expect(verbs, `${doorName}.${ns} is a namespace of the kit`).toBeTypeOf("object");
          for (const [name, member] of Object.entries(members as Record<string, unknown>)) {
            offered++;
            expect(Object.hasOwn(verbs!, name), `${doorName}.${ns}.${name} is a verb of kit.${ns}`).toBe(true);
            if (typeof member === "function" && member !== verbs![name])
              expect((member as { name: string }).name, `${doorName}.${ns}.${name}`).toBe(name);
          }
        }
      }
      expect(offered).toBeGreaterThan(40);
    } finally {
      await dispose();
    }
  });

  it("serves a request the way the verbs do: sign up through the request's door, then the user's stores", async () => {
    const { kit, dispose } = await kitOver();
    try {
      const cookies = cookieJar();
      const request = kit.forRequest({ cookies });
      expect(await request.auth.currentUser()).toBeNull();
      const signedUp = await request.auth.signUp("door@example.com", "a-long-password-1", null);
      expect(signedUp.ok).toBe(true);
      const user = await kit.forRequest({ cookies }).auth.currentUser();
      expect(user?.email).toBe("door@example.com");
      expect(user).toEqual(await kit.auth.currentUser({ cookies }));
      const signedIn = kit.forRequest({ cookies }, user!.id);
      expect(await signedIn.stores.list()).toEqual(await kit.stores.list(user!.id));
      expect(await signedIn.stores.get("no-such-store")).toBeNull();
      await signedIn.auth.signOut();
      expect(await kit.forRequest({ cookies }).auth.currentUser()).toBeNull();
    } finally {
      await dispose();
    }
  });

  it("reads a store's page in one go: the signed-in user, their store and its pending requests; nobody else's", async () => {
    const { kit, storage, dispose } = await kitOver();
    try {
      const owner = cookieJar();
      const asker = cookieJar();
      expect((await kit.forRequest({ cookies: owner }).auth.signUp("owner@example.com", "a-long-password-1")).ok).toBe(
        true,
      );
      expect((await kit.forRequest({ cookies: asker }).auth.signUp("asker@example.com", "a-long-password-2")).ok).toBe(
        true,
      );
      const ownerId = (await kit.auth.currentUser({ cookies: owner }))!.id;
      const askerId = (await kit.auth.currentUser({ cookies: asker }))!.id;
      const store = await storage.stores.ensure("https://shop.example/");
      const inst = await storage.installations.create({
        consumerKey: "k".repeat(32),
        storeId: store.id,
        state: "pending",
        mode: "oauth",
        consumerSecretEnc: "sealed-secret",
        activationCount: 1,
      });
      await storage.links.link(inst.id, ownerId);
      await storage.links.fileRequest(inst.id, askerId, "act", new Date());

      const page = await kit.forRequest({ cookies: owner }).stores.page(inst.id);
      expect(page.user).toEqual(await kit.auth.currentUser({ cookies: owner }));
      const view = await kit.forUser(ownerId).stores.view(inst.id);
      expect(page.view?.store).toEqual(view?.store);
      expect(await page.view?.linkRequests()).toEqual(await view?.linkRequests());
      expect((await page.view!.linkRequests()).map((r) => r.email)).toEqual(["asker@example.com"]);

      // the asker is signed in but not linked: no store; signed out: nobody
      expect(await kit.forRequest({ cookies: asker }).stores.page(inst.id)).toEqual({
        user: { id: askerId, email: "asker@example.com" },
        view: null,
      });
      await kit.forRequest({ cookies: owner }).auth.signOut();
      expect(await kit.forRequest({ cookies: owner }).stores.page(inst.id)).toEqual({ user: null, view: null });
      expect(await kit.forRequest({ cookies: cookieJar() }).stores.page(inst.id)).toEqual({ user: null, view: null });
    } finally {
      await dispose();
    }
  });
});
