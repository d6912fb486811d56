/** @type {import('next').NextConfig} */
const nextConfig = {
  // A separate build directory lets a second Next process (e.g. a dev server next to `next start`) run
  // in the same checkout without clobbering the other's output.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // One folder with the server and only the packages it needs (no dev dependencies): what the image copies, and
  // what `npm start` runs (scripts/web.mjs; `npm run build` completes it with the worker and release entries).
  output: "standalone",
  poweredByHeader: false,
  // Magento POSTs the activation callback with redirects disabled: a trailing-slash redirect would lose it.
  skipTrailingSlashRedirect: true,
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
