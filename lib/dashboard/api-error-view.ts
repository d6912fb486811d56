/**
 * What a data page shows when a store call fails: what happened, what to do, and which action to offer, read
 * from the one advice table (packages/client/src/magento/store-advice.ts). Pure: takes the error the client threw (a
 * StoreError subclass, or anything else).
 */
import {
  MagentoApiError,
  STORE_ADVICE,
  StoreError,
  refusedResources,
  type AdviceAction,
} from "@magento-integration/client";
import { aclAdvice } from "@/lib/dashboard/acl-resources";

export type ErrorAction = AdviceAction;

export interface ApiErrorView {
  title: string;
  /** The store's own message (rendered), when there is one. */
  storeMessage?: string;
  /** What to do, in one or two sentences. */
  advice: string;
  action: ErrorAction;
  /** The ACL resource to grant (not_authorized). */
  resource?: string;
  status?: number;
  code?: string;
}

function notAuthorized(
  error: MagentoApiError,
  base: Pick<ApiErrorView, "storeMessage" | "status" | "code">,
  known: string | undefined,
): ApiErrorView {
  // the store names the route's resource; the operation's known resource stands in when it does not
  const resource = refusedResources(error.template, error.renderedMessage, error.parameters) ?? known;
  const a = resource ? aclAdvice(resource) : undefined;
  return {
    ...base,
    title: a?.title ?? "The integration is not allowed to make this call",
    advice: a?.advice ?? STORE_ADVICE.not_authorized.fix,
    action: a?.kind === "customer_only" || a?.kind === "none" ? "none" : "grant_resource",
    ...(resource ? { resource } : {}),
  };
}

/** `opts.resource`: the ACL resource the called operation needs, when the caller knows it (the explorer). */
export function describeApiError(error: unknown, opts: { resource?: string } = {}): ApiErrorView {
  if (!(error instanceof StoreError)) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      title: STORE_ADVICE.other.title,
      storeMessage: message,
      advice: "Try again. If it keeps failing, open Diagnostics.",
      action: "retry",
    };
  }
  const row = STORE_ADVICE[error.code];
  if (!(error instanceof MagentoApiError)) {
    // e.g. InstallationNotUsableError: the composition root builds no client for an installation without working tokens
    return {
      title: row.title,
      storeMessage: error.message,
      advice: error.hint ?? row.fix,
      action: row.action,
      code: error.code,
    };
  }
  const base = { storeMessage: error.renderedMessage, status: error.status, code: error.code };
  switch (error.code) {
    case "not_authorized":
      return notAuthorized(error, base, opts.resource);
    case "rate_limited": {
      const wait = error.retryAfterMs === undefined ? "a while" : `${Math.ceil(error.retryAfterMs / 1000)} s`;
      return { ...base, title: row.title, advice: `Wait ${wait}, then try again.`, action: row.action };
    }
    case "other":
      return {
        ...base,
        title: `The store answered ${error.status || "with an error"}`,
        advice: error.hint ?? "Check the input and try again.",
        action: row.action,
      };
    default:
      return { ...base, title: row.title, advice: error.hint ?? row.fix, action: row.action };
  }
}
