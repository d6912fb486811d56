/**
 * `npm run --silent bulk -- --store <installationId> <file>`: one NDJSON line per input row in row order (row,
 * sku, status, message), exit 0 when every row completed, 1 when any did not, 2 when the file cannot be used,
 * and then nothing reaches the store.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startHarness, TEST_BOX_KEYS, type Harness } from "../helpers/handshake-harness";

const ROOT = join(__dirname, "..", "..");
let h: Harness;
let installationId: string;
let dir: string;

beforeAll(async () => {
  h = await startHarness();
  const integ = await h.createIntegration("Bulk CLI");
  await h.activate(integ.id);
  await h.settle();
  installationId = (await h.installation(integ.consumer_key)).id;
  h.hold(); // the command runs the submission with its own worker
  dir = mkdtempSync(join(tmpdir(), "bulk-cli-"));
}, 60_000);
afterAll(async () => {
  await h?.close();
  rmSync(dir, { recursive: true, force: true });
});

function run(file: string, content: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const path = join(dir, file);
  writeFileSync(path, content);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "test",
    DATABASE_URL: h.database.url,
    ENCRYPTION_KEY: TEST_BOX_KEYS.map((k) => `${k.id}:${k.key.toString("base64")}`).join(","),
    ALLOW_PRIVATE_STORE_URLS: "true",
  };
  return new Promise((resolve) => {
    execFile(
      "npm",
      ["run", "--silent", "bulk", "--", "--store", installationId, path],
      { cwd: ROOT, env, timeout: 90_000 },
      (err, stdout, stderr) => {
        resolve({ code: err ? (typeof err.code === "number" ? err.code : -1) : 0, stdout, stderr });
      },
    );
  });
}

describe("npm run bulk", () => {
  it("prints one line per row with its outcome; exit 1 when a row did not complete", async () => {
    const r = await run("prices.csv", "\uFEFFsku;price\n24-MB01;15\nNO-SUCH-SKU;16\n24-MB04;x\n24-MB03;17\n");
    expect(r.code, r.stderr).toBe(1);
    const lines = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { row: number; sku: string; status: string; message: string });
    expect(lines.map((l) => [l.row, l.sku, l.status])).toEqual([
      [1, "24-MB01", "complete"],
      [2, "NO-SUCH-SKU", "failed"],
      [3, "24-MB04", "invalid"],
      [4, "24-MB03", "complete"],
    ]);
    expect(lines[1]!.message).toContain('"name" attribute value is empty');
    expect(lines[2]!.message).toBe('price "x" must be a number');
    expect(Object.keys(lines[0]!)).toEqual(["row", "sku", "status", "message"]);
  }, 120_000);

  it("exit 0 when every row completed", async () => {
    const r = await run("ok.ndjson", '{"sku":"24-MB05","price":21}\n{"sku":"24-MB06","status":1}\n');
    expect(r.code, r.stderr).toBe(0);
    expect(
      r.stdout
        .trim()
        .split("\n")
        .map((l) => (JSON.parse(l) as { status: string }).status),
    ).toEqual(["complete", "complete"]);
  }, 120_000);

  it("an unusable file: exit 2, a message on stderr, nothing on stdout and nothing sent", async () => {
    const before = (await h.admin<unknown[]>("GET", "/admin/api/bulk")).length;
    const r = await run("bad.csv", "name,price\nBag,1\n");
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/no "sku" column.*Nothing was submitted/);
    expect((await h.admin<unknown[]>("GET", "/admin/api/bulk")).length).toBe(before);
  }, 120_000);
});
