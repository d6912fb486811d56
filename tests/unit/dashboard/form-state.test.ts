import { describe, expect, it } from "vitest";
import { z } from "zod";
import { errorsFromZod, failed, parseForm, saved } from "@/lib/forms/form-state";

const form = (o: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(o)) f.set(k, v);
  return f;
};
const schema = z.object({
  a: z.string().min(1, "Enter a"),
  b: z.string().regex(/^\d+$/, "b: digits only"),
  secret: z.string().min(8, "secret: at least 8"),
});

describe("the form pattern's state", () => {
  it("an invalid submit keeps every value (secrets too) and gives each field its first message", () => {
    const typed = { a: "", b: "x1", secret: "short" };
    const r = parseForm(schema, form(typed), ["a", "b", "secret"]);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.state.values).toEqual(typed);
      expect(r.state.fieldErrors).toEqual({ a: "Enter a", b: "b: digits only", secret: "secret: at least 8" });
      expect(r.state.saved).toBeUndefined();
    }
  });

  it("a missing field reads as empty, never as 'null'", () => {
    const r = parseForm(schema, form({}), ["a", "b", "secret"]);
    expect(!r.ok && r.state.values).toEqual({ a: "", b: "", secret: "" });
  });

  it("an error of the whole form is kept apart from field errors", () => {
    const refined = z.object({ x: z.string() }).refine(() => false, { message: "nothing works" });
    const r = refined.safeParse({ x: "1" });
    expect(!r.success && errorsFromZod(r.error)).toEqual({ fieldErrors: {}, formError: "nothing works" });
    expect(failed({ x: "1" }, "wrong", "x")).toEqual({ values: { x: "1" }, fieldErrors: { x: "wrong" } });
    expect(failed({ x: "1" }, "server down")).toEqual({
      values: { x: "1" },
      fieldErrors: {},
      formError: "server down",
    });
  });

  it("each save is stamped, so two saves in a row announce twice", () => {
    const one = saved({ x: "1" }, "Saved", 1);
    const two = saved({ x: "1" }, "Saved", 2);
    expect(one.saved).toEqual({ message: "Saved", at: 1 });
    expect(one).not.toEqual(two);
  });
});
