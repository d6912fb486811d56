/**
 * A failed connection carries its cause as a problem of the one vocabulary (DNS, refused, reset, TLS, private
 * address, timeout), while the advice a page shows for it stays the `network` row.
 */
import { describe, expect, it } from "vitest";
import { createMagentoClient, MagentoApiError, STORE_ADVICE } from "@magento-integration/client";
import { networkProblemOf } from "@magento-integration/client/net";
import { PrivateAddressError } from "@magento-integration/client/net";
import { describeApiError } from "@/lib/dashboard/api-error-view";

function failingWith(cause: Error): typeof fetch {
  return (async () => {
    throw new TypeError("fetch failed", { cause });
  }) as typeof fetch;
}

const errno = (code: string) => Object.assign(new Error(`connect ${code}`), { code });

async function callFailing(cause: Error): Promise<MagentoApiError> {
  const client = createMagentoClient({
    baseUrl: "https://shop.example.com/",
    auth: { kind: "none" },
    fetch: failingWith(cause),
    maxRetries: 0,
  });
  const e = await client.request({ method: "GET", path: "/V1/store/storeViews" }).catch((x: unknown) => x);
  expect(e).toBeInstanceOf(MagentoApiError);
  return e as MagentoApiError;
}

describe("network causes", () => {
  it.each([
    ["ENOTFOUND", "dns_failed"],
    ["ECONNREFUSED", "connection_refused"],
    ["ECONNRESET", "connection_lost"],
    ["CERT_HAS_EXPIRED", "tls_failed"],
    ["DEPTH_ZERO_SELF_SIGNED_CERT", "tls_failed"],
  ])("a connection failing with %s is a network error whose problem is %s", async (code, problem) => {
    const e = await callFailing(errno(code));
    expect(e.code).toBe("network");
    expect(e.problem).toBe(problem);
    expect(describeApiError(e).title).toBe(STORE_ADVICE.network.title);
  });

  it("a private address refused at connect time is named as such", async () => {
    const e = await callFailing(new PrivateAddressError("shop.example.com resolves to a private address"));
    expect(e.problem).toBe("private_address");
    expect(new PrivateAddressError("x").problem).toBe("private_address");
  });

  it("an unknown cause is plain `network`, and the cause is found a few levels down", async () => {
    expect((await callFailing(new Error("boom"))).problem).toBe("network");
    const deep = new Error("outer", { cause: new Error("middle", { cause: errno("EAI_AGAIN") }) });
    expect(networkProblemOf(deep)).toBe("dns_failed");
    expect(networkProblemOf("ENOTFOUND")).toBeUndefined();
  });
});
