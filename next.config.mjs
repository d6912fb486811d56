/** @type {import('next').NextConfig} */
const nextConfig = {
  // A separate build directory lets a second Next process (e.g. a dev server next to `next start`) run
  // in the same checkout without clobbering the other's output.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // One folder with the server and only the packages it needs (no dev dependencies): what the image copies, and
  // what `npm start` runs (scripts/web.mjs; `npm run build` completes it with the worker and release entries).
  output: "standalone",
  poweredByHeader: false,
  // npm test type-checks the whole project (tsc) beside the build: NEXT_BUILD_SKIP_TYPECHECK=1 spares the build
  // doing it a second time. Every other build checks types.
  typescript: { ignoreBuildErrors: process.env.NEXT_BUILD_SKIP_TYPECHECK === "1" },
  // next dev logs every server action's arguments (the submitted form, passwords included): no secret in any log.
  logging: { serverFunctions: false },
  // Magento POSTs the activation callback with redirects disabled: a trailing-slash redirect would lose it.
  skipTrailingSlashRedirect: true,
  // Server actions (sign-in included, signed out) take at most 1 MB, and the proxy (proxy.ts, every page path)
  // holds at most 1 MB of a request's body. Bulk edit files (up to 10 MB) post to their own route under /api, which
  // the proxy does not run on and which reads the upload with its own cap (packages/sync/src/bulk/upload-body.ts).
  experimental: { serverActions: { bodySizeLimit: "1mb" }, proxyClientMaxBodySize: "1mb" },
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "same-origin" },
          { key: "X-Frame-Options", value: "DENY" },
        ],
      },
    ];
  },
};
export default nextConfig;
