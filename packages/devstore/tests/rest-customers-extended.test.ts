/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are read loosely in tests */
/** Customer groups, account management (passwords, reset tokens, confirmation, validation) and customer searches. */
import { describe, expect, it } from "vitest";
import { ADMIN, criteria, customer, GUEST, harness } from "../../../tests/helpers/devstore-rest-harness";

describe("customer groups", () => {
  it("create, default for new accounts, delete moves customers to the default; read-only groups stay", async () => {
    const h = harness();
    h.as(ADMIN);
    const vip = (await h.call("POST", "/rest/V1/customerGroups", { group: { code: "VIP", tax_class_id: 3 } })).json;
    expect(vip).toMatchObject({ code: "VIP", tax_class_name: "Retail Customer" });
    expect(
      (await h.call("POST", "/rest/V1/customerGroups", { group: { code: "vip", tax_class_id: 3 } })).json.message,
    ).toBe("Customer Group already exists.");
    expect(
      (await h.call("POST", "/rest/V1/customerGroups", { group: { code: "Bad", tax_class_id: 2 } })).json.parameters,
    ).toEqual({ fieldName: "taxClassId", value: 2 });
    expect((await h.call("PUT", `/rest/V1/customerGroups/default/${vip.id}`)).json).toBe(vip.id);
    expect((await h.get("/rest/V1/customerGroups/default")).json.code).toBe("VIP");
    expect((await h.get(`/rest/V1/customerGroups/${vip.id}/permissions`)).json).toBe(true);
    h.as(GUEST);
    const created = (
      await h.call("POST", "/rest/V1/customers", {
        customer: { email: "new.vip@example.test", firstname: "New", lastname: "Vip" },
        password: "Sup3r-secret",
      })
    ).json;
    expect(created.group_id).toBe(vip.id);
    h.as(ADMIN);
    expect((await h.call("DELETE", `/rest/V1/customerGroups/${vip.id}`)).json.message).toBe("Cannot delete group.");
    await h.call("PUT", "/rest/V1/customerGroups/default/1");
    expect((await h.call("DELETE", `/rest/V1/customerGroups/${vip.id}`)).json).toBe(true);
    expect((await h.get(`/rest/V1/customers/${created.id}`)).json.group_id).toBe(1);
    expect(
      (await h.get(`/rest/V1/customerGroups/search?${criteria({ groups: [[["code", "NOT LOGGED IN"]]] })}`)).json
        .items[0].id,
    ).toBe(0);
  });
});

describe("account management", () => {
  it("password strength, change with the current password, reset token", async () => {
    const h = harness();
    h.as(GUEST);
    expect(
      (
        await h.call("POST", "/rest/V1/customers", {
          customer: { email: "weak@example.test", firstname: "W", lastname: "K" },
          password: "password",
        })
      ).json.message,
    ).toContain("Minimum of different classes of characters");
    h.as(customer(1));
    expect(
      (await h.call("PUT", "/rest/V1/customers/me/password", { currentPassword: "wrong", newPassword: "N3w-passw0rd" }))
        .status,
    ).toBe(401);
    expect(
      (
        await h.call("PUT", "/rest/V1/customers/me/password", {
          currentPassword: "roni_cost3",
          newPassword: "N3w-passw0rd",
        })
      ).json,
    ).toBe(true);
    expect(h.data.verifyCustomerPassword("roni_cost@example.com", "N3w-passw0rd")).toBe(1);
    h.as(GUEST);
    expect(
      (
        await h.call("PUT", "/rest/V1/customers/password", {
          email: "roni_cost@example.com",
          template: "email_reset",
          websiteId: 1,
        })
      ).json,
    ).toBe(true);
    const token = h.data.resetTokens.get(1)!.token;
    expect((await h.get(`/rest/V1/customers/1/password/resetLinkToken/${token}`)).json).toBe(true);
    expect((await h.get("/rest/V1/customers/1/password/resetLinkToken/nope")).json.message).toBe(
      "The password token is mismatched. Reset and try again.",
    );
    expect(
      (
        await h.call("POST", "/rest/V1/customers/resetPassword", {
          email: "roni_cost@example.com",
          resetToken: token,
          newPassword: "An0ther-one",
        })
      ).json,
    ).toBe(true);
    expect(h.data.verifyCustomerPassword("roni_cost@example.com", "An0ther-one")).toBe(1);
    expect(
      (
        await h.call("POST", "/rest/V1/customers/resetPassword", {
          email: "roni_cost@example.com",
          resetToken: token,
          newPassword: "Again-0ne",
        })
      ).status,
    ).toBe(400);
    expect(
      (await h.call("PUT", "/rest/V1/customers/password", { email: "nobody@example.test", template: "email_reset" }))
        .status,
    ).toBe(404);
  });

  it("confirmation is not required; validation reports; the default billing fields are searchable", async () => {
    const h = harness();
    h.as(ADMIN);
    expect((await h.get("/rest/V1/customers/1/confirm")).json).toBe("account_confirmation_not_required");
    expect(
      (await h.call("PUT", "/rest/V1/customers/roni_cost@example.com/activate", { confirmationKey: "x" })).json.message,
    ).toBe("The account is already active.");
    expect(
      (await h.call("PUT", "/rest/V1/customers/validate", { customer: { firstname: "A", email: "not-an-email" } }))
        .json,
    ).toEqual({
      valid: false,
      messages: ['"Last Name" is a required value.', '"Email" is not a valid email address.'],
    });
    expect((await h.get("/rest/V1/customers/1/permissions/readonly")).json).toBe(false);
    const inCalder = (await h.get(`/rest/V1/customers/search?${criteria({ groups: [[["billing_city", "Calder"]]] })}`))
      .json;
    expect(inCalder.items.map((c: any) => c.id)).toContain(1);
  });
});
