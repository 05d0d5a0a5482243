/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite, argon2 and sharp load WASM or native files relative to their package; bundling breaks them.
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "sharp", "pg"],
  poweredByHeader: false,
  reactStrictMode: true,
  typedRoutes: false,
};

export default nextConfig;
