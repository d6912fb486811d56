import { describe, expect, it } from "vitest";
import { linkParts } from "@/app/dev/outbox/link-parts";

/** The dev outbox shows a mail's links as links: a reset link can be followed with one click. */
describe("outbox mail links", () => {
  it("cuts the web addresses out of the text, leaving the sentence's punctuation outside", () => {
    const text = "Reset your password: http://127.0.0.1:3000/reset/confirm?token=abc_1.\nIgnore it otherwise.";
    expect(linkParts(text)).toEqual([
      { kind: "text", text: "Reset your password: " },
      { kind: "link", text: "http://127.0.0.1:3000/reset/confirm?token=abc_1" },
      { kind: "text", text: ".\nIgnore it otherwise." },
    ]);
  });

  it("never makes a link of anything but http and https", () => {
    const parts = linkParts("javascript:alert(1) data:text/html,x ftp://host/file");
    expect(parts.filter((p) => p.kind === "link")).toEqual([]);
  });
});
