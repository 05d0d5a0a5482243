/** @type {import('next').NextConfig} */
const nextConfig = {
  // A separate build directory lets several builds and test runs share one checkout (default .next).
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // PGlite, argon2 and sharp load WASM or native files relative to their package, and the ffmpeg and
  // ffprobe installers find their binaries beside theirs; bundling breaks them. The AWS SDK is large
  // and needs no bundling.
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "sharp", "pg", "pg-boss", "@ffmpeg-installer/ffmpeg", "@ffprobe-installer/ffprobe", "@aws-sdk/client-s3", "@aws-sdk/lib-storage", "@tus/server", "@tus/file-store", "@tus/s3-store", "@tus/utils"],
  poweredByHeader: false,
  reactStrictMode: true,
  typedRoutes: false,
  // `npm run typecheck` (tsc --noEmit) checks every file, in CI before the build; checking again inside
  // `next build` only doubles the time.
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
