/** The SQLite database holds password hashes and sealed secrets: created 0600, in a 0700 folder. */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { setup } from "../../scripts/setup.mjs";

it("setup creates the database file 0600 and its folder 0700, whatever the umask", async () => {
  const root = mkdtempSync(join(tmpdir(), "kit-perm-"));
  const previous = process.umask(0o022); // a typical umask: files would otherwise be world-readable
  try {
    const file = join(root, "nested", "app.db");
    await setup({ databaseUrl: `file:${file}`, quiet: true });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(root, "nested")).mode & 0o777).toBe(0o700);
  } finally {
    process.umask(previous);
    rmSync(root, { recursive: true, force: true });
  }
});
