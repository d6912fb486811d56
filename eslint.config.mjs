import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

/** The kit packages above each package (the ones it must not import), bottom up. */
const PACKAGE_LAYERS = {
  client: ["storage", "handshake", "sync", "dashboard", "kit", "next"],
  storage: ["handshake", "sync", "dashboard", "kit", "next"],
  handshake: ["sync", "dashboard", "kit", "next"],
  sync: ["handshake", "dashboard", "kit", "next"],
};

/** The one module that wraps undici for outbound calls (and may therefore reach the network itself). */
export const GUARDED_FETCH_MODULES = ["packages/client/src/net/store-fetch.ts"];
const NO_GLOBAL_FETCH =
  "Use the guarded store fetch (storeFetch() in lib/kit.ts, or a `fetch` passed in): the global fetch skips the private-address check.";

/**
 * Module boundaries: what each layer may import (README "Project layout"). Each entry is a `no-restricted-imports`
 * pattern; `import()` with a string is fenced alike through `no-restricted-syntax`.
 */
export const FENCES = {
  lib: [
    {
      regex: "^next(/|$)",
      message:
        "lib/ is framework-free (a fork may run it from a worker, a script or another framework): Next.js code lives in app/, the adapter in app/_kit.",
    },
    {
      regex: "^(@/app(/|$)|(\\.\\./)+app(/|$))",
      message:
        "lib/ never imports app/: the app depends on the kit, not the other way round. Move the shared code into lib/.",
    },
  ],
  app: [
    {
      // `lib/<folder>/client.ts`, where a folder has one, is its face for client components (no Node APIs).
      regex: "^@/lib/[^/]+/(?!client$)",
      message:
        'app/ reaches lib/ through app/_kit and the public index of each lib/ folder: import from "@/lib/<folder>" (export what the app needs from lib/<folder>/index.ts), or "@/lib/<folder>/client" in client components, not from a module inside it.',
    },
    {
      regex: "^(\\.\\./)+lib(/|$)",
      message: 'app/ imports lib/ by its alias and public index ("@/lib/<folder>"), never by a relative path.',
    },
  ],
  // The handshake (@magento-integration/handshake) builds on the job engine and on storage, never the other way round: the kit's
  // job kinds (lib/jobs/kinds) are registered by createKit, which hands them what they need of the handshake. (The
  // engine and storage themselves are a package, @magento-integration/storage, which cannot import the app at all.)
  jobs: [
    {
      regex: "^(@magento-integration/handshake$|@/lib/integration(/|$)|(\\.\\./)+integration(/|$))",
      message:
        "lib/jobs never imports the handshake (the main entry of @magento-integration/handshake; its ./auth and ./mail are fine): the handshake's job kinds live in packages/handshake/src/integration/jobs.ts and createKit (lib/kit.ts, KIT_JOB_MODULES) registers them; hand what a kind needs of the handshake in from there (as HANDSHAKE_PRUNING is).",
    },
  ],
  devstore: [
    {
      regex: "^(@/(lib|app|packages)(/|$)|(\\.\\./)+(lib|app|packages)(/|$)|@magento-integration/)",
      message:
        "The dev store stands in for Magento and shares no code with the kit (lib/, app/, packages/): a bug in one must not hide the same bug in the other.",
    },
  ],
  // Outside a package, it is reached by its name and the entry points its package.json exports, never a file.
  packageEntries: [
    {
      regex: "^(@magento-integration/[^/]+/(src|dist)(/|$)|(\\.\\./)+packages/|@/packages/)",
      message:
        'Import a kit package by its name and entry points ("@magento-integration/client", "@magento-integration/client/net"), as an app that installed it does: its files are not its API.',
    },
  ],
  // A package is built and published on its own: it imports its own files by relative paths with their `.ts`
  // extension (tsc rewrites them to `.js`), other packages by name, and nothing of the app. A relative path out of
  // its folder fails its build (tsconfig.build.json's rootDir is src/; tests/integration/package-build.test.ts).
  packages: [
    {
      regex: "^@/",
      message:
        'A package never imports the app\'s "@/" alias: import its own files by relative path ("./x.ts"), another package by its name.',
    },
  ],
};

/**
 * A body is read with a bound: readBodyCapped (app/_kit/request.ts) for a request a route receives, readCapped
 * (packages/client/src/net/read-capped.ts) for a response. `.text()`, `.json()`, `.formData()`, `.arrayBuffer()` and `.blob()`
 * hold the whole body in memory however large it is: one large POST, or one portal answering gigabytes, ended the
 * server. packages/client/src/magento reads its responses through its own capped transport (undici dispatch) or readChunksCapped.
 */
export const UNBOUNDED_BODY_READ = {
  selector: "CallExpression[arguments.length=0][callee.property.name=/^(text|json|formData|arrayBuffer|blob)$/]",
  message:
    "Read a body with a bound: readBodyCapped (app/_kit/request.ts) for a request, readCapped (packages/client/src/net/read-capped.ts) for a response. This call holds the whole body in memory, however large.",
};

/** `no-restricted-imports` plus the same patterns for dynamic `import("…")`, and any more `no-restricted-syntax`. */
function fence(patterns, syntax = []) {
  return {
    "no-restricted-imports": ["error", { patterns }],
    "no-restricted-syntax": [
      "error",
      ...patterns.map((p) => ({
        selector: `ImportExpression > Literal[value=/${p.regex.replaceAll("/", "\\x2F")}/]`,
        message: p.message,
      })),
      ...syntax,
    ],
  };
}

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      ".next/",
      ".next-*/",
      "packages/storage/src/generated/",
      "packages/*/dist/",
      "reports/",
      "test-results/",
      "data/",
      "next-env.d.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-console": ["warn", { allow: ["warn", "error"] }],
    },
  },
  {
    // Plain Node scripts (not compiled by TypeScript) run with Node's globals.
    files: ["**/*.mjs", "**/*.cjs"],
    languageOptions: { globals: globals.node },
  },
  {
    files: ["scripts/**", "bench/**", "packages/devstore/src/main.ts", "tests/**"],
    rules: { "no-console": "off" },
  },
  {
    // Every outbound call of the app goes through the guarded store fetch (private addresses refused at connect
    // time, docs/security.md): the global fetch is off limits outside the module that wraps undici.
    files: ["app/**", "lib/**", "packages/*/src/**", "scripts/**", "proxy.ts", "instrumentation.ts"],
    // the dev store stands in for Magento, whose own calls (the activation POST, webhooks) are not the kit's
    ignores: [...GUARDED_FETCH_MODULES, "packages/devstore/**"],
    rules: {
      "no-restricted-globals": ["error", { name: "fetch", message: NO_GLOBAL_FETCH }],
      "no-restricted-properties": [
        "error",
        ...["globalThis", "window", "global", "self"].map((object) => ({
          object,
          property: "fetch",
          message: NO_GLOBAL_FETCH,
        })),
      ],
    },
  },
  { files: ["lib/**"], rules: fence([...FENCES.lib, ...FENCES.packageEntries], [UNBOUNDED_BODY_READ]) },
  {
    files: ["lib/jobs/**"],
    rules: fence([...FENCES.lib, ...FENCES.packageEntries, ...FENCES.jobs], [UNBOUNDED_BODY_READ]),
  },
  {
    files: ["packages/*/src/**"],
    rules: fence([...FENCES.lib, ...FENCES.packages, ...FENCES.packageEntries], [UNBOUNDED_BODY_READ]),
  },
  // each package imports only the kit packages below it (docs/architecture.md, "Packages")
  ...Object.entries(PACKAGE_LAYERS).map(([pkg, above]) => ({
    files: [`packages/${pkg}/src/**`],
    rules: fence(
      [
        ...FENCES.lib,
        ...FENCES.packages,
        ...FENCES.packageEntries,
        {
          regex: `^@magento-integration/(${above.join("|")})(/|$)`,
          message: `packages/${pkg} imports only the kit packages below it: ${above.join(", ")} build on it, not the other way round.`,
        },
      ],
      [UNBOUNDED_BODY_READ],
    ),
  })),
  { files: ["app/**"], rules: fence([...FENCES.app, ...FENCES.packageEntries], [UNBOUNDED_BODY_READ]) },
  { files: ["packages/devstore/**"], rules: fence(FENCES.devstore) },
);
