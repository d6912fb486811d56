import { describe, expect, it } from "vitest";
import { errorFromResponse, MagentoApiError } from "../../src/magento/errors.ts";
import { parseErrorBody, parseOAuthProblem, renderMessage } from "../../src/magento/error-message.ts";

const URL = "https://shop.example.com/rest/V1/products";

describe("renderMessage (Magento Phrase placeholder renderer)", () => {
  it("fills %1, %2 from list parameters", () => {
    expect(renderMessage("Signature method %1 is not supported", ["HMAC-SHA1"])).toBe(
      "Signature method HMAC-SHA1 is not supported",
    );
    expect(renderMessage("%2 before %1", ["a", "b"])).toBe("b before a");
  });

  it("fills %name from object parameters", () => {
    expect(
      renderMessage("The consumer isn't authorized to access %resources.", { resources: "Magento_Catalog::products" }),
    ).toBe("The consumer isn't authorized to access Magento_Catalog::products.");
    expect(renderMessage('"%fieldName" is required. Enter and try again.', { fieldName: "oauth_token" })).toBe(
      '"oauth_token" is required. Enter and try again.',
    );
  });

  it("prefers the longest placeholder and never re-scans replaced text (PHP strtr)", () => {
    expect(renderMessage("%1 and %10", ["one", "2", "3", "4", "5", "6", "7", "8", "9", "ten"])).toBe("one and ten");
    expect(renderMessage("%a %ab", { a: "%ab", ab: "X" })).toBe("%ab X");
  });

  it("leaves unknown placeholders and joins list values", () => {
    expect(renderMessage("%missing here", { other: "x" })).toBe("%missing here");
    expect(renderMessage("access %resources", { resources: ["A::a", "B::b"] })).toBe("access A::a, B::b");
    expect(renderMessage("no params %1", undefined)).toBe("no params %1");
  });
});

describe("parseErrorBody", () => {
  it("reads {message, parameters, errors, code}", () => {
    const body = JSON.stringify({
      message: "One or more input exceptions have occurred.",
      errors: [{ message: '"%fieldName" is required. Enter and try again.', parameters: { fieldName: "oauth_token" } }],
      code: 5,
    });
    const p = parseErrorBody(body)!;
    expect(p.template).toBe("One or more input exceptions have occurred.");
    expect(p.errors[0]!.renderedMessage).toBe('"oauth_token" is required. Enter and try again.');
    expect(p.storeCode).toBe(5);
    expect(p.oauthProblem).toBe(false);
  });

  it("reads oauth_problem form bodies with + as space", () => {
    expect(parseOAuthProblem("oauth_problem=The+signature+is+invalid.+Verify+and+try+again.")).toBe(
      "The signature is invalid. Verify and try again.",
    );
    expect(parseErrorBody("oauth_problem=Consumer+key+has+expired")!.oauthProblem).toBe(true);
  });

  it("reads the 500 internal_error form, where the whole string is the oauth_problem value", () => {
    const body = "oauth_problem=" + encodeURIComponent("internal_error&message=Something broke");
    expect(parseOAuthProblem(body)).toBe("internal_error: Something broke");
    expect(parseOAuthProblem("oauth_problem=internal_error&message=Disk+full")).toBe("internal_error: Disk full");
  });

  it("keeps what fits the schema and drops the rest (odd parameters, non-object errors, a string code)", () => {
    const p = parseErrorBody(
      JSON.stringify({
        message: "x %1",
        parameters: "bad",
        errors: [1, { message: "y %n", parameters: { n: 2 } }, { msg: "z" }],
        code: "5",
      }),
    )!;
    expect(p).toMatchObject({ template: "x %1", parameters: undefined, renderedMessage: "x %1", oauthProblem: false });
    expect(p.errors.map((e) => e.renderedMessage)).toEqual(["y 2"]);
    expect(p.storeCode).toBeUndefined();
    expect(parseErrorBody(JSON.stringify({ message: 5 }))).toBeUndefined();
    expect(parseErrorBody("[]")).toBeUndefined();
  });

  it("returns undefined for bodies that are neither", () => {
    expect(parseErrorBody("<html>oops</html>")).toBeUndefined();
    expect(parseErrorBody('{"foo":1}')).toBeUndefined();
    expect(parseOAuthProblem("error=x")).toBeUndefined();
  });
});

describe("errorFromResponse: codes and hints", () => {
  const cases: Array<[number, unknown, string, RegExp | undefined]> = [
    [
      401,
      {
        message: "The consumer isn't authorized to access %resources.",
        parameters: { resources: "Magento_Sales::sales" },
      },
      "not_authorized",
      /Magento_Sales::sales.*Reauthorize/s,
    ],
    [401, { message: "Specified token does not exist" }, "token_missing", /Reauthorize/],
    [401, { message: "Access token has been revoked" }, "token_revoked", /revoked/],
    [401, { message: "A consumer having the specified key does not exist" }, "consumer_missing", /deleted/],
    [401, { message: "Consumer key has expired" }, "consumer_expired", /300 s.*Reauthorize/s],
    [401, { message: "The signature is invalid. Verify and try again." }, "signature_invalid", /base URL/],
    [
      400,
      { message: "Signature method %1 is not supported", parameters: ["HMAC-SHA1"] },
      "method_not_supported",
      /HMAC-SHA256/,
    ],
    [
      401,
      { message: "An error occurred validating the nonce" },
      "timestamp_rejected",
      /clock is most likely ahead.*600 s/s,
    ],
    [
      400,
      {
        message: "Please use the 2fa provider-specific endpoints to obtain a token.",
        parameters: { active_providers: ["google"] },
      },
      "admin_2fa_required",
      /2fa|Two-factor/i,
    ],
    [
      401,
      {
        message:
          "The account sign-in was incorrect or your account is disabled temporarily. Please wait and try again later.",
      },
      "sign_in_failed",
      /locked/,
    ],
    [404, { message: "Request does not match any route." }, "not_found", undefined],
    [400, { message: "The %fieldName value is invalid.", parameters: { fieldName: "sku" } }, "other", undefined],
  ];
  it.each(cases)("%i %j → %s", (status, body, code, hint) => {
    const e = errorFromResponse(status, JSON.stringify(body), URL, "GET");
    expect(e).toBeInstanceOf(MagentoApiError);
    expect(e.code).toBe(code);
    expect(e.status).toBe(status);
    expect(e.url).toBe(URL);
    if (hint) expect(e.hint).toMatch(hint);
    else expect(e.hint).toBeUndefined();
  });

  it("keeps the template, parameters and rendered message apart", () => {
    const e = errorFromResponse(
      401,
      JSON.stringify({
        message: "The consumer isn't authorized to access %resources.",
        parameters: { resources: "Magento_Catalog::products" },
      }),
      URL,
      "GET",
    );
    expect(e.template).toBe("The consumer isn't authorized to access %resources.");
    expect(e.parameters).toEqual({ resources: "Magento_Catalog::products" });
    expect(e.renderedMessage).toBe("The consumer isn't authorized to access Magento_Catalog::products.");
    expect(e.message).toBe("401 The consumer isn't authorized to access Magento_Catalog::products.");
  });

  it("classifies rendered oauth_problem texts the same way", () => {
    expect(errorFromResponse(401, "oauth_problem=Consumer+key+has+expired", URL, "POST").code).toBe("consumer_expired");
    expect(errorFromResponse(401, "oauth_problem=An+error+occurred+validating+the+nonce", URL, "POST").code).toBe(
      "timestamp_rejected",
    );
    expect(errorFromResponse(400, "oauth_problem=Signature+method+HMAC-SHA1+is+not+supported", URL, "POST").code).toBe(
      "method_not_supported",
    );
  });

  it("names the resource from a rendered message without parameters", () => {
    const e = errorFromResponse(
      401,
      JSON.stringify({ message: "The consumer isn't authorized to access Magento_Cms::page." }),
      URL,
      "GET",
    );
    expect(e.hint).toContain("Magento_Cms::page");
  });

  it("copes with non-JSON bodies", () => {
    const e = errorFromResponse(502, "<html>Bad gateway</html>", URL, "GET");
    expect(e.code).toBe("other");
    expect(e.template).toContain("HTTP 502");
    expect(errorFromResponse(404, "", URL, "GET").code).toBe("not_found");
  });
});
