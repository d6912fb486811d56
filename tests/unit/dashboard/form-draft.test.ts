import { describe, expect, it } from "vitest";
import { isKeptField } from "@/app/components/form/form-draft";

/** What typed work may wait in the tab's storage for the user to sign in again: never a secret. */
const field = (over: Partial<Parameters<typeof isKeptField>[0]>) => ({
  name: "price",
  type: "text",
  autocomplete: "",
  value: "12.50",
  ...over,
});

describe("drafts keep typed work, never secrets", () => {
  it("keeps text, numbers, selections and free text", () => {
    expect(isKeptField(field({}))).toBe(true);
    expect(isKeptField(field({ name: "f0.condition", type: "select", value: "like" }))).toBe(true);
    expect(isKeptField(field({ name: "body", type: "textarea", value: '{"product":{"name":"Tote bag"}}' }))).toBe(true);
  });

  it("never keeps password, hidden, file or box inputs", () => {
    for (const type of ["password", "hidden", "file", "checkbox", "radio", "submit"])
      expect(isKeptField(field({ type })), type).toBe(false);
  });

  it("never keeps a field whose name or autocomplete says it holds a secret", () => {
    for (const name of ["accessToken", "access_token", "consumerSecret", "apiKey", "newPassword", "passphrase"])
      expect(isKeptField(field({ name })), name).toBe(false);
    expect(isKeptField(field({ name: "code", autocomplete: "one-time-code" }))).toBe(false);
    expect(isKeptField(field({ name: "current", autocomplete: "current-password" }))).toBe(false);
  });

  it("never keeps free text that carries a secret: a customer's password in a JSON body, a token in query lines", () => {
    const customer = '{"customer":{"email":"a@example.com"},\n  "password" : "Hunter2-secret"}';
    expect(isKeptField(field({ name: "body", type: "textarea", value: customer }))).toBe(false);
    expect(isKeptField(field({ name: "query", type: "textarea", value: "store=1\naccess_token=abc" }))).toBe(false);
    expect(isKeptField(field({ name: "body", type: "textarea", value: "{'api_key': 'x'}" }))).toBe(false);
  });
});
