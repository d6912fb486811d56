import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "@/lib/log";

describe("log redaction", () => {
  it("never writes secrets, tokens, verifiers or authorization headers", () => {
    const lines: string[] = [];
    const dest = new Writable({
      write(chunk, _e, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    const log = createLogger({ level: "info", destination: dest });
    log.info(
      {
        oauth_consumer_secret: "SECRET1",
        oauth_verifier: "VERIFIER1",
        req: { headers: { authorization: "OAuth oauth_signature=SIG1" } },
        creds: { accessTokenSecret: "ATS1", token: "TOK1" },
        consumerKey: "visible-key",
      },
      "callback",
    );
    const out = lines.join("");
    for (const s of ["SECRET1", "VERIFIER1", "SIG1", "ATS1", "TOK1"]) expect(out).not.toContain(s);
    expect(out).toContain("visible-key");
    expect(out).toContain("[redacted]");
  });
});
