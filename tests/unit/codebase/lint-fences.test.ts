/**
 * The layers' fences (eslint.config.mjs): ESLint's Node API lints fixture strings as if they were files in each
 * layer, and each fence rejects a deliberately wrong import while the right one passes.
 */
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

// ESLint loads its config and the TypeScript parser on the first lint: seconds on a busy machine, paid once here
// rather than inside the first case's time limit.
beforeAll(async () => {
  await eslint.lintText("export {};\n", { filePath: "lib/warm-up.ts" });
}, 120_000);

async function fenceMessages(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter((m) => m.ruleId === "no-restricted-imports" || m.ruleId === "no-restricted-syntax" || m.fatal)
    .map((m) => `${m.ruleId}: ${m.message}`);
}

describe("lib/ never imports next/* or app/", () => {
  it.each([
    ['import { redirect } from "next/navigation";\nexport const go = () => redirect("/");\n', "next/*"],
    ['import { NextResponse } from "next/server";\nexport const r = NextResponse;\n', "next/*"],
    ['import type { Metadata } from "next";\nexport type M = Metadata;\n', "next"],
    ['import { kit } from "@/app/_kit";\nexport const k = kit;\n', "@/app"],
    ['import { Badge } from "../../app/components/ui/Badge";\nexport const b = Badge;\n', "relative app/"],
    ['export { requireUser } from "@/app/_kit";\n', "re-export from app/"],
    ['export const headersLater = () => import("next/headers");\n', "dynamic import"],
  ])("rejects %j (%s)", async (code) => {
    const messages = await fenceMessages(code, "lib/dashboard/wrong.ts");
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/lib\/ (is framework-free|never imports app\/)/);
  });

  it("allows lib/ modules and packages", async () => {
    const code =
      'import { z } from "zod";\nimport { signRequest } from "@magento-integration/client/oauth";\nimport { parseStrictUrl } from "../net/strict-url";\nexport const x = [z, signRequest, parseStrictUrl];\n';
    expect(await fenceMessages(code, "lib/dashboard/right.ts")).toEqual([]);
  });
});

describe("a kit package is reached by its name and exported entry points only", () => {
  it.each([
    [
      'import { send } from "@magento-integration/client/src/magento/transport";\nexport const s = send;\n',
      "app/api/wrong.ts",
    ],
    [
      'import { send } from "../../packages/client/src/magento/transport.ts";\nexport const s = send;\n',
      "lib/sync/wrong.ts",
    ],
    [
      'import { send } from "@/packages/client/src/magento/transport";\nexport const s = send;\n',
      "lib/events/wrong.ts",
    ],
    ['export const later = () => import("@magento-integration/client/dist/index.js");\n', "lib/dashboard/wrong.ts"],
    // inside a package too: another package's files are not its API
    [
      'import { send } from "@magento-integration/client/src/magento/transport";\nexport const s = send;\n',
      "packages/storage/src/jobs/wrong.ts",
    ],
    [
      'export const later = () => import("@magento-integration/client/dist/index.js");\n',
      "packages/storage/src/storage/wrong.ts",
    ],
  ])("rejects %j in %s", async (code, filePath) => {
    const messages = await fenceMessages(code, filePath);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/Import a kit package by its name and entry points/);
  });

  it("allows its entry points", async () => {
    expect(
      await fenceMessages(
        'import { createMagentoClient } from "@magento-integration/client";\nimport { parseStrictUrl } from "@magento-integration/client/net";\nexport const x = [createMagentoClient, parseStrictUrl];\n',
        "lib/sync/fine.ts",
      ),
    ).toEqual([]);
  });
});

describe("app/ reaches lib/ only through app/_kit and public indexes", () => {
  it.each([
    [
      'import { describeApiError } from "@/lib/dashboard/api-error-view";\nexport const d = describeApiError;\n',
      "app/stores/[id]/wrong.tsx",
    ],
    [
      'import type { FormState } from "@/lib/forms/form-state";\nexport type F = FormState;\n',
      "app/components/form/Wrong.tsx",
    ],
    ['import { syncHandlers } from "@/lib/sync/handlers";\nexport const h = syncHandlers;\n', "app/_kit/wrong.ts"],
    [
      'import { parseGridParams } from "../../../lib/dashboard";\nexport const p = parseGridParams;\n',
      "app/stores/[id]/wrong.ts",
    ],
    ['export const later = () => import("@/lib/sync/handlers");\n', "app/api/wrong.ts"],
  ])("rejects %j in %s", async (code, filePath) => {
    const messages = await fenceMessages(code, filePath);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/app\/ (reaches|imports) lib\//);
  });

  it("allows the kit adapter, public indexes and top-level kit modules", async () => {
    const code =
      'import { requireUser } from "@/app/_kit";\nimport { describeApiError } from "@/lib/dashboard";\nimport { describeStoreState } from "@/lib/dashboard/client";\nimport type { FormState } from "@/lib/forms";\nimport { safeNextPath } from "@/lib/kit";\nimport { StoreHeader } from "@/app/components/StoreHeader";\nexport const x = [requireUser, describeApiError, describeStoreState, safeNextPath, StoreHeader];\nexport type F = FormState;\n';
    expect(await fenceMessages(code, "app/stores/[id]/right.tsx")).toEqual([]);
  });
});

describe("the kit's job kinds (lib/jobs/kinds) and the storage package never import the handshake (it builds on them)", () => {
  it.each([
    [
      'import type { IntegrationDeps } from "@/lib/integration/deps";\nexport type D = IntegrationDeps;\n',
      "lib/jobs/kinds/services.ts",
    ],
    [
      'import { markInterrupted } from "@magento-integration/handshake";\nexport const m = markInterrupted;\n',
      "lib/jobs/kinds/maintenance.ts",
    ],
    ['export const later = () => import("@magento-integration/handshake");\n', "lib/jobs/kinds/wrong.ts"],
    ['export const later = () => import("@/lib/integration/prune");\n', "lib/jobs/kinds/wrong.ts"],
  ])("rejects %j in %s", async (code, filePath) => {
    const messages = await fenceMessages(code, filePath);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/lib\/jobs never imports the handshake/);
  });

  it.each([
    [
      'import { recordCallback } from "@/lib/integration/record-callback";\nexport const r = recordCallback;\n',
      "packages/storage/src/jobs/worker.ts",
    ],
    ['export { NOT_FILED_REASONS } from "@/lib/integration";\n', "packages/storage/src/jobs/queue.ts"],
    [
      'import type { FailureReason } from "@/lib/integration/failure-reasons";\nexport type F = FailureReason;\n',
      "packages/storage/src/storage/types.ts",
    ],
    ['export const later = () => import("@/lib/integration/deps");\n', "packages/storage/src/storage/wrong.ts"],
  ])("rejects %j in %s (a package imports nothing of the app)", async (code, filePath) => {
    const messages = await fenceMessages(code, filePath);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/A package never imports the app's "@\/" alias/);
  });

  it.each([
    [
      'import { recordCallback } from "@magento-integration/handshake";\nexport const r = recordCallback;\n',
      "packages/storage/src/jobs/worker.ts",
    ],
    [
      'export const later = () => import("@magento-integration/handshake/auth");\n',
      "packages/storage/src/storage/wrong.ts",
    ],
    [
      'import { storeFetch } from "@magento-integration/storage";\nexport const f = storeFetch;\n',
      "packages/client/src/magento/wrong.ts",
    ],
  ])("rejects %j in %s (a package imports only the packages below it)", async (code, filePath) => {
    const messages = await fenceMessages(code, filePath);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/imports only the kit packages below it/);
  });

  it("keeps lib/'s own fences there, and allows the leaves below the handshake", async () => {
    const wrong = 'import { redirect } from "next/navigation";\nexport const go = () => redirect("/");\n';
    expect(await fenceMessages(wrong, "packages/storage/src/jobs/wrong.ts")).toHaveLength(1);
    expect(await fenceMessages(wrong, "lib/jobs/kinds/wrong.ts")).toHaveLength(1);
    const code =
      'import { INSTALLATION_STATES } from "@magento-integration/storage";\nimport { FAILURE_REASONS } from "@magento-integration/client";\nimport { defineJob } from "@magento-integration/storage/jobs";\nexport const x = [INSTALLATION_STATES, FAILURE_REASONS, defineJob];\n';
    expect(await fenceMessages(code, "lib/jobs/kinds/right.ts")).toEqual([]);
    const own = 'import { nextState } from "../installation-states.ts";\nexport const n = nextState;\n';
    expect(await fenceMessages(own, "packages/storage/src/storage/prisma/right.ts")).toEqual([]);
  });

  it("fences every file of lib/jobs, the index of its kinds too (createKit registers the handshake's), and lets the handshake import the engine", async () => {
    const code = 'import { handshakeJobs } from "@/lib/integration/jobs";\nexport const h = handshakeJobs;\n';
    expect(await fenceMessages(code, "lib/jobs/kinds/index.ts")).toHaveLength(1);
    const engine =
      'import { defineJob } from "@magento-integration/storage/jobs";\nimport type { Storage } from "@magento-integration/storage";\nexport const d = defineJob;\nexport type S = Storage;\n';
    expect(await fenceMessages(engine, "packages/handshake/src/integration/right.ts")).toEqual([]);
  });
});

describe("packages/devstore/ never imports lib/ or app/", () => {
  it.each([
    [
      'import { signRequest } from "@magento-integration/client/oauth";\nexport const s = signRequest;\n',
      "packages/devstore/src/auth/wrong.ts",
    ],
    [
      'import { baseString } from "@magento-integration/client/oauth";\nexport const b = baseString;\n',
      "packages/devstore/src/auth/wrong.ts",
    ],
    ['import { kit } from "../../app/_kit";\nexport const k = kit;\n', "packages/devstore/src/wrong.ts"],
    ['export const later = () => import("@magento-integration/client");\n', "packages/devstore/src/wrong.ts"],
  ])("rejects %j", async (code, filePath) => {
    const messages = await fenceMessages(code, filePath);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/dev store stands in for Magento/);
  });

  it("allows its own modules", async () => {
    const code =
      'import { createHmac } from "node:crypto";\nimport { router } from "../rest/router";\nexport const x = [createHmac, router];\n';
    expect(await fenceMessages(code, "packages/devstore/src/auth/right.ts")).toEqual([]);
  });
});

describe("bodies are read only with a bound (requests in routes, responses in lib/)", () => {
  it.each(["text", "json", "formData", "arrayBuffer", "blob"])(
    "rejects request.%s() in a route file",
    async (method) => {
      const code = `export async function POST(request: Request): Promise<Response> {\n  await request.${method}();\n  return new Response("ok");\n}\n`;
      const messages = await fenceMessages(code, "app/api/anything/route.ts");
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatch(/readBodyCapped/);
    },
  );

  it("rejects res.json() and res.text() in lib/ (a response from an address a user supplied)", async () => {
    for (const call of ["await res.json()", "await res.text()"]) {
      const messages = await fenceMessages(
        `export async function read(res: Response) {\n  return ${call};\n}\n`,
        "packages/handshake/src/portal/wrong.ts",
      );
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatch(/readCapped/);
    }
  });

  it("allows readBodyCapped and Response.json(body), and keeps the app fence in route files", async () => {
    const ok =
      'import { readBodyCapped } from "@/app/_kit/request";\nexport async function POST(request: Request): Promise<Response> {\n  const body = await readBodyCapped(request, 1024);\n  return Response.json({ body });\n}\n';
    expect(await fenceMessages(ok, "app/api/anything/route.ts")).toEqual([]);
    const fenced = 'export const later = () => import("@/lib/dashboard/grid");\n';
    expect(await fenceMessages(fenced, "app/api/anything/route.ts")).toHaveLength(1);
  });
});
