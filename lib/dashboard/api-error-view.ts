/**
 * What a data page shows when a store call fails: what happened, what to do, and which action to offer.
 * Pure: takes the error the client threw (MagentoApiError or anything else).
 */
import { MagentoApiError } from "@/lib/magento/errors";
import { aclAdvice } from "@/lib/dashboard/acl-resources";

export type ErrorAction = "reauthorize" | "grant_resource" | "retry" | "check_store" | "none";

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

function resourceOf(e: MagentoApiError): string | undefined {
  const p = e.parameters;
  if (p && !Array.isArray(p) && typeof p === "object") {
    const r = (p as Record<string, unknown>).resources;
    if (typeof r === "string" && r) return r;
    if (Array.isArray(r) && r.length > 0) return r.map(String).join(", ");
  }
  if (Array.isArray(p) && typeof p[0] === "string") return p[0];
  const m = /authorized to access (.+?)\.?$/.exec(e.renderedMessage);
  return m?.[1] && m[1] !== "%resources" ? m[1] : undefined;
}

/** `opts.resource`: the ACL resource the called operation needs, when the caller knows it (the explorer). */
export function describeApiError(error: unknown, opts: { resource?: string } = {}): ApiErrorView {
  // the composition root refuses to build a client for an installation without working tokens
  if (error instanceof Error && error.name === "InstallationNotUsableError") {
    return {
      title: "This store cannot be called right now",
      storeMessage: error.message,
      advice: "Its link is not active (no working access token). Reauthorize the integration in the store admin; diagnostics shows the state.",
      action: "reauthorize",
    };
  }
  if (!(error instanceof MagentoApiError)) {
    const message = error instanceof Error ? error.message : String(error);
    return { title: "Something went wrong while talking to the store", storeMessage: message, advice: "Try again. If it keeps failing, open Diagnostics.", action: "retry" };
  }
  const base = { storeMessage: error.renderedMessage, status: error.status, code: error.code };
  switch (error.code) {
    case "not_authorized": {
      // the store names the route's resource; the operation's known resource stands in when it does not
      const resource = resourceOf(error) ?? opts.resource;
      const a = resource ? aclAdvice(resource) : undefined;
      return {
        ...base,
        title: a?.title ?? "The integration is not allowed to make this call",
        advice:
          a?.advice ??
          "In the store admin open System › Extensions › Integrations, edit this integration, grant the resource named above on its API tab, save, then click Reauthorize.",
        action: a?.kind === "customer_only" || a?.kind === "none" ? "none" : "grant_resource",
        ...(resource ? { resource } : {}),
      };
    }
    case "token_missing":
    case "token_revoked":
      return {
        ...base,
        title: error.code === "token_revoked" ? "The store revoked this app's access token" : "The store no longer knows this app's access token",
        advice: "Reauthorize the integration in the store admin (System › Extensions › Integrations › Reauthorize). Diagnostics shows the state and history.",
        action: "reauthorize",
      };
    case "consumer_missing":
    case "consumer_expired":
      return {
        ...base,
        title: "The integration is gone or its activation expired",
        advice: error.hint ?? "Create and activate the integration again in the store admin.",
        action: "reauthorize",
      };
    case "signature_invalid":
    case "method_not_supported":
      return { ...base, title: "The store refused the request signature", advice: error.hint ?? "Open Diagnostics to check the signature settings.", action: "check_store" };
    case "not_found":
      return { ...base, title: "The store has no such record or route", advice: "Check the identifier. The operation may also not exist in this store's edition or version.", action: "none" };
    case "timestamp_rejected":
      return { ...base, title: "The store refused this server's clock", advice: error.hint ?? "Sync this server's clock (NTP), then try again.", action: "check_store" };
    case "rate_limited": {
      const wait = error.retryAfterMs === undefined ? "a while" : `${Math.ceil(error.retryAfterMs / 1000)} s`;
      return { ...base, title: "The store asked the app to slow down", advice: `Wait ${wait}, then try again.`, action: "retry" };
    }
    case "network":
    case "timeout":
    case "redirect":
      return { ...base, title: "The store could not be reached", advice: error.hint ?? "Check that the store is running and its base URL is right, then try again.", action: "retry" };
    default:
      return { ...base, title: `The store answered ${error.status || "with an error"}`, advice: error.hint ?? "Check the input and try again.", action: "retry" };
  }
}
