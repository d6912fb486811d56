/**
 * The door: the kit's verbs bound to one caller, under the names lib/verbs gives them. `kit.forUser(id)` binds a
 * user's id; `kit.forRequest(ctx)` binds this request's cookies and client address (and the user's id too, given
 * one). A page calls `door.stores.remove(id)`, never `stores.remove(id, userId)`: nothing to pass twice, nothing to
 * rename. Each table below says, per verb, which argument the door fills in (its index) or `ASIS` (the verb takes
 * no caller and is offered unchanged); a verb not listed is not offered to pages (jobs, scripts and routes without
 * a caller reach it through the kit). Adding a verb a page calls: write it in its lib/verbs file, add one line here.
 */
import type { RequestContext } from "@magento-integration/handshake";
import type { authVerbs } from "./auth";
import type { bulkVerbs } from "./bulk";
import type { eventVerbs } from "./events";
import type { exportVerbs } from "./exports";
import type { handshakeVerbs } from "./handshake";
import type { identityVerbs } from "./identity";
import type { jobVerbs } from "./jobs";
import type { mailVerbs } from "./mail";
import type { portalVerbs } from "./portal";
import type { storeVerbs } from "./stores";
import type { syncVerbs } from "./sync";

/** A verb offered as it is (it takes no caller). */
export const ASIS = "as-is";

/** Which argument of a verb the door fills in (0, 1 or 2), or ASIS. */
type At = 0 | 1 | 2 | typeof ASIS;
/** Per verb of a namespace, what the door does with it. */
export type Binding<T> = { readonly [K in keyof T]?: At };

type Without<A extends unknown[], N> = N extends 0
  ? A extends [unknown?, ...infer R]
    ? R
    : never
  : N extends 1
    ? A extends [infer A0, unknown?, ...infer R]
      ? [A0, ...R]
      : never
    : N extends 2
      ? A extends [infer A0, infer A1, unknown?, ...infer R]
        ? [A0, A1, ...R]
        : never
      : never;

/** A namespace as the door offers it: the listed verbs only, each without the argument the door fills in. */
export type Bound<T, B> = {
  -readonly [K in keyof B & keyof T]: B[K] extends number
    ? T[K] extends (...a: infer A) => infer R
      ? (...a: Without<A, B[K]>) => R
      : never
    : T[K];
};

/** The verbs of `verbs` that `binding` lists, `value` filled in at each one's index (the rest as they are). */
export function bind<T extends object, const B extends Binding<T>>(verbs: T, value: unknown, binding: B): Bound<T, B> {
  const out: Record<string, unknown> = {};
  for (const [name, at] of Object.entries(binding) as Array<[keyof T & string, At]>) {
    const verb = verbs[name];
    if (at === ASIS || typeof verb !== "function") {
      out[name] = verb;
      continue;
    }
    // a function named as the verb (stack traces and the door's test read it)
    out[name] = {
      [name](...args: unknown[]) {
        while (args.length < at) args.push(undefined); // an optional argument left out before the filled one
        args.splice(at, 0, value);
        return (verb as (...a: unknown[]) => unknown).apply(verbs, args);
      },
    }[name];
  }
  return out as Bound<T, B>;
}

/** The namespaces the kit composes (lib/kit.ts), as the door reads them. */
export interface DoorVerbs {
  handshake: ReturnType<typeof handshakeVerbs>;
  auth: ReturnType<typeof authVerbs>;
  identity: ReturnType<typeof identityVerbs>;
  stores: ReturnType<typeof storeVerbs>;
  jobs: ReturnType<typeof jobVerbs>;
  exports: ReturnType<typeof exportVerbs>;
  bulk: ReturnType<typeof bulkVerbs>;
  portal: ReturnType<typeof portalVerbs>;
  events: ReturnType<typeof eventVerbs>;
  sync: ReturnType<typeof syncVerbs>;
  mail: ReturnType<typeof mailVerbs>;
}

// What a signed-in user does: the user's id filled in at each verb's index. ---------------------------------

const STORES = {
  list: 0,
  get: 1,
  view: 1,
  clientFor: 1,
  addManual: 0,
  setAdminOrigin: 1,
  probe: 1,
  refreshStale: 0,
  diagnostics: 1,
  linkRequests: 1,
  answerLinkRequest: 1,
  remove: 1,
  removalPreview: 1,
  setLabel: 1,
  checkResources: 1,
  resourceChecks: ASIS,
  fetchSwagger: ASIS,
  readSchemaAsAdmin: ASIS,
} as const satisfies Binding<DoorVerbs["stores"]>;
const JOBS = { forStore: 1, retry: 2 } as const satisfies Binding<DoorVerbs["jobs"]>;
const EXPORTS = { start: 1, list: 1, get: 2, pages: ASIS } as const satisfies Binding<DoorVerbs["exports"]>;
const BULK = { read: ASIS, preview: 1, start: 1, upload: 1, list: 1, get: 2, rows: ASIS } as const satisfies Binding<
  DoorVerbs["bulk"]
>;
const SYNC = {
  status: 1,
  view: 1,
  lastDay: 1,
  parked: 1,
  retryParked: 1,
  pause: 1,
  resume: 1,
  syncNow: 1,
  resync: 1,
} as const satisfies Binding<DoorVerbs["sync"]>;
const EVENTS = {
  pageFor: 1,
  setCommerceKeyFor: 1,
  setIoClientIdFor: 1,
  replayFor: 1,
  subscriptions: ASIS,
} as const satisfies Binding<DoorVerbs["events"]>;
const PORTAL = { settingsStore: ASIS, client: 1 } as const satisfies Binding<DoorVerbs["portal"]>;
const AUTH_OF_USER = { revokeAllSessions: 0 } as const satisfies Binding<DoorVerbs["auth"]>;

// What a request does: its context filled in (index 0 of every verb that takes one). --------------------------

const AUTH_OF_REQUEST = {
  currentUser: 0,
  signIn: 0,
  signUp: 0,
  signOut: 0,
  requestPasswordReset: ASIS,
  resetLinkState: ASIS,
  resetPassword: ASIS,
  emailChangeLinkState: ASIS,
  confirmEmailChange: 0,
  safeNextPath: ASIS,
} as const satisfies Binding<DoorVerbs["auth"]>;
const IDENTITY_OF_REQUEST = {
  grantConsent: 0,
  popupActivation: 0,
  grantConsentFromNext: 0,
  storeBeingLinked: ASIS,
  linkRequestLinkState: ASIS,
  verifyLinkRequest: ASIS,
} as const satisfies Binding<DoorVerbs["identity"]>;
const STORES_OF_REQUEST = { page: 0 } as const satisfies Binding<DoorVerbs["stores"]>;
const HANDSHAKE = { urls: ASIS } as const satisfies Binding<DoorVerbs["handshake"]>;
const MAIL = { mailer: ASIS, outbox: ASIS } as const satisfies Binding<DoorVerbs["mail"]>;

// What needs both: the request's context first, then the user's id (at the index left once the context is in).

const AUTH_OF_BOTH = { changePassword: [0, 0], changeEmail: [0, 0] } as const;
const IDENTITY_OF_BOTH = { linkOffer: [0, 0], acceptLinkOffer: [0, 0], complete: [0, 1] } as const;

/** The user's verbs, the user's id filled in. */
export function userDoor(v: DoorVerbs, userId: string) {
  return {
    stores: bind(v.stores, userId, STORES),
    jobs: bind(v.jobs, userId, JOBS),
    exports: bind(v.exports, userId, EXPORTS),
    bulk: bind(v.bulk, userId, BULK),
    sync: bind(v.sync, userId, SYNC),
    events: bind(v.events, userId, EVENTS),
    portal: bind(v.portal, userId, PORTAL),
    auth: bind(v.auth, userId, AUTH_OF_USER),
  };
}

/** The request's verbs, its context filled in. */
export function requestDoor(v: DoorVerbs, ctx: RequestContext) {
  return {
    handshake: bind(v.handshake, ctx, HANDSHAKE),
    mail: bind(v.mail, ctx, MAIL),
    auth: bind(v.auth, ctx, AUTH_OF_REQUEST),
    stores: bind(v.stores, ctx, STORES_OF_REQUEST),
    identity: {
      ...bind(v.identity, ctx, IDENTITY_OF_REQUEST),
      /** Nobody is signed in: the identity popup asks to sign in (packages/handshake/src/integration/identity.ts). */
      complete: bindBoth(v.identity, ctx, null, IDENTITY_OF_BOTH).complete,
    },
  };
}

/** The request's verbs and the signed-in user's: both filled in. */
export function signedInDoor(v: DoorVerbs, ctx: RequestContext, userId: string) {
  const request = requestDoor(v, ctx);
  const user = userDoor(v, userId);
  return {
    ...request,
    ...user,
    auth: { ...request.auth, ...user.auth, ...bindBoth(v.auth, ctx, userId, AUTH_OF_BOTH) },
    stores: { ...request.stores, ...user.stores },
    identity: { ...request.identity, ...bindBoth(v.identity, ctx, userId, IDENTITY_OF_BOTH) },
  };
}

type BothBinding<T> = { readonly [K in keyof T]?: readonly [0 | 1 | 2, 0 | 1 | 2] };
type BoundBoth<T, B> = {
  -readonly [K in keyof B & keyof T]: B[K] extends readonly [infer C, infer U]
    ? T[K] extends (...a: infer A) => infer R
      ? (...a: Without<Without<A, C>, U>) => R
      : never
    : never;
};

/** Verbs that take the request's context and the user: the context filled in first, then the user's id. */
function bindBoth<T extends object, const B extends BothBinding<T>>(
  verbs: T,
  ctx: RequestContext,
  userId: string | null,
  binding: B,
): BoundBoth<T, B> {
  const out: Record<string, unknown> = {};
  for (const [name, [c, u]] of Object.entries(binding) as Array<[keyof T & string, readonly [0 | 1 | 2, 0 | 1 | 2]]>) {
    const withCtx = bind(verbs, ctx, { [name]: c } as Binding<T>) as Record<string, unknown>;
    out[name] = (bind(withCtx, userId, { [name]: u }) as Record<string, unknown>)[name];
  }
  return out as BoundBoth<T, B>;
}

export type UserDoor = ReturnType<typeof userDoor>;
export type RequestDoor = ReturnType<typeof requestDoor>;
export type SignedInDoor = ReturnType<typeof signedInDoor>;
