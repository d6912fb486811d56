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
  // Bulk edit uploads (app/stores/[id]/bulk): files up to 10 MB (lib/bulk/product-rows.ts MAX_FILE_BYTES) plus the form.
  experimental: { serverActions: { bodySizeLimit: "11mb" } },
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
