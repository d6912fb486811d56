import { describe, expect, it } from "vitest";
import { parseTokenResponse, TokenResponseError, type TokenResponseErrorKind } from "../../src/oauth/index.ts";

function failure(body: unknown): TokenResponseError {
  try {
    parseTokenResponse(body);
  } catch (e) {
    if (e instanceof TokenResponseError) return e;
    throw e;
  }
  throw new Error("parseTokenResponse accepted " + JSON.stringify(body));
}

describe("parseTokenResponse", () => {
  it("reads Magento's http_build_query body", () => {
    expect(
      parseTokenResponse(
        "oauth_token=4cqw0r7vo0s5goyyqnjb72sqj3vxwr0h&oauth_token_secret=rig3x3j5a9z5j6d4ubjwyf9f1l21itrr",
      ),
    ).toEqual({
      token: "4cqw0r7vo0s5goyyqnjb72sqj3vxwr0h",
      tokenSecret: "rig3x3j5a9z5j6d4ubjwyf9f1l21itrr",
    });
  });

  it("decodes percent escapes and tolerates a trailing newline and extra keys", () => {
    expect(parseTokenResponse("oauth_token=a%2Fb&oauth_token_secret=c%3Dd&oauth_callback_confirmed=true\n")).toEqual({
      token: "a/b",
      tokenSecret: "c=d",
    });
  });

  it("oauth_problem → kind oauth_problem with the store's message, + decoded as spaces", () => {
    const e = failure("oauth_problem=The+signature+is+invalid.+Verify+and+try+again.");
    expect(e.kind).toBe("oauth_problem");
    expect(e.storeMessage).toBe("The signature is invalid. Verify and try again.");
    expect(e.message).toContain("The signature is invalid. Verify and try again.");
  });

  it("keeps a 500's whole internal_error text as the oauth_problem value", () => {
    const e = failure("oauth_problem=internal_error%26message%3DSomething+broke");
    expect(e.kind).toBe("oauth_problem");
    expect(e.storeMessage).toBe("internal_error&message=Something broke");
  });

  it("oauth_problem wins even when tokens are present", () => {
    expect(failure("oauth_token=a&oauth_token_secret=b&oauth_problem=Consumer+key+has+expired").storeMessage).toBe(
      "Consumer key has expired",
    );
  });

  it("an error key (seed rule) → kind error", () => {
    const e = failure("error=invalid_consumer&oauth_token=x&oauth_token_secret=y");
    expect(e.kind).toBe("error");
    expect(e.storeMessage).toBe("invalid_consumer");
  });

  it.each<[unknown, TokenResponseErrorKind]>([
    [undefined, "not_a_string"],
    [null, "not_a_string"],
    [{ oauth_token: "a", oauth_token_secret: "b" }, "not_a_string"],
    [42, "not_a_string"],
    ["", "unparsable"],
    ["   \n", "unparsable"],
    ["<html><body>Not Found</body></html>", "unparsable"],
    ['{"oauth_token":"a"}', "unparsable"],
    ["oauth_token=%E0%A4%A", "unparsable"],
    ["oauth_token=abc", "missing_token"],
    ["oauth_token_secret=abc", "missing_token"],
    ["oauth_token=&oauth_token_secret=abc", "missing_token"],
  ])("%j → %s", (body, kind) => {
    const e = failure(body);
    expect(e.kind).toBe(kind);
    expect(e).toBeInstanceOf(Error);
  });

  it("an unparsable body carries its start and a hint about index.php/ (the usual storefront page)", () => {
    const page = `<!doctype html>\n<html><head><title>Home page</title></head><body>${"x".repeat(600)}</body></html>`;
    const e = failure(page);
    expect(e.kind).toBe("unparsable");
    expect(e.bodyExcerpt).toMatch(/^<!doctype html> <html><head><title>Home page<\/title>/);
    expect(e.bodyExcerpt!.length).toBeLessThanOrEqual(301);
    expect(e.message).toContain("<title>Home page</title>");
    expect(e.hint).toMatch(/index\.php\//);
  });

  it("leaves out the body of an unparsable answer that mentions oauth_token_secret", () => {
    const e = failure("<p>oauth_token=abc&oauth_token_secret=topsecretvalue</p> & more");
    expect(e.kind).toBe("unparsable");
    expect(e.bodyExcerpt).toBeUndefined();
    expect(e.message).not.toContain("topsecretvalue");
  });

  it("never echoes a token secret in the error message", () => {
    const e = failure("oauth_token_secret=topsecretvalue");
    expect(e.message).not.toContain("topsecretvalue");
    expect(e.storeMessage).toBeUndefined();
  });
});
