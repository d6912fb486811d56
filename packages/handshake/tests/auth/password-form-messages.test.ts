/** The password forms say what is actually wrong: an empty "again" field asks for it, not "the passwords differ". */
import { describe, expect, it } from "vitest";
import { changePasswordSchema, newPasswordFormSchema } from "@magento-integration/handshake/auth";

const messages = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  r.success ? [] : r.error!.issues.map((i) => `${i.path.join(".")}: ${i.message}`);

describe("password forms", () => {
  it("reset: one field filled asks for the second, without saying they differ", () => {
    const m = messages(newPasswordFormSchema.safeParse({ password: "a long enough password", confirm: "" }));
    expect(m).toEqual(["confirm: Enter the new password again"]);
  });
  it("change: the same", () => {
    const m = messages(
      changePasswordSchema.safeParse({ current: "old one", password: "a long enough password", confirm: "" }),
    );
    expect(m).toEqual(["confirm: Enter the new password again"]);
  });
  it("two different passwords still say they differ", () => {
    const m = messages(
      newPasswordFormSchema.safeParse({ password: "a long enough password", confirm: "another long password" }),
    );
    expect(m).toEqual(["confirm: The two passwords differ"]);
  });
});
