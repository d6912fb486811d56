/**
 * The image's dependency stage runs `npm ci` with only the manifests copied: a workspace whose package.json is
 * missing there makes npm ci refuse the lockfile, so every package under packages/ must be copied before it.
 */
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..", "..", "..");

describe("Dockerfile dependency stage", () => {
  it("copies the package.json of every workspace package before npm ci", () => {
    const dockerfile = readFileSync(join(root, "Dockerfile"), "utf8");
    const depsStage = dockerfile.slice(0, dockerfile.indexOf("RUN npm ci"));
    const workspaces = readdirSync(join(root, "packages")).filter((d) =>
      existsSync(join(root, "packages", d, "package.json")),
    );
    expect(workspaces.length).toBeGreaterThan(0);
    for (const dir of workspaces) {
      expect(depsStage, `packages/${dir}`).toContain(`COPY packages/${dir}/package.json packages/${dir}/package.json`);
    }
  });
});
