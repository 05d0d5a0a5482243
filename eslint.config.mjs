import { readdirSync } from "node:fs";
import path from "node:path";
import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

const root = import.meta.dirname;

/**
 * The admin's shared component folders, each with the shared folders it may import (docs/architecture.md
 * "Layers"). Every other folder under components/ is a feature: it imports the shared folders and
 * itself, never another feature; pages under app/ put features together.
 */
const SHARED_COMPONENTS = {
  ui: [],
  collections: ["ui"],
  media: ["ui", "collections"],
  schedules: ["ui", "collections"],
  publishing: ["ui", "collections", "schedules"],
};

const componentFolders = readdirSync(path.join(root, "components"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const componentZones = componentFolders.map((folder) => {
  const shared = SHARED_COMPONENTS[folder];
  const allowed = [folder, ...(shared ?? Object.keys(SHARED_COMPONENTS))];
  return {
    target: `./components/${folder}`,
    from: "./components",
    except: allowed.map((name) => `./${name}`),
    message: shared
      ? `components/${folder} is shared: it imports only ${shared.length > 0 ? shared.map((name) => `components/${name}`).join(", ") : "no other component folder"} (eslint.config.mjs).`
      : `components/${folder} is an admin feature: it imports the shared folders (${Object.keys(SHARED_COMPONENTS).join(", ")}), not another feature; put features together in app/ (eslint.config.mjs).`,
  };
});

const layerZones = [
  { target: "./lib/core", from: "./lib", except: ["./core"], message: "lib/core is the bottom layer: it imports nothing else of the application." },
  // lib/admin, the admin's server side, reads the components' isomorphic modules (the query keys its
  // first paint fills); the rest of lib/ knows nothing of the admin.
  ...readdirSync(path.join(root, "lib"))
    .filter((entry) => entry !== "admin")
    .map((entry) => ({ target: `./lib/${entry}`, from: ["./components", "./app"], message: "lib/ never imports the admin's components or the app's routes." })),
  { target: "./lib/admin", from: "./app", message: "lib/ never imports the app's routes and pages." },
  { target: "./components", from: "./app", message: "components/ never imports the app's routes and pages." },
];

const config = [
  {
    ignores: [".next/**", ".next-*/**", "node_modules/**", "data/**", "storage/**", ".test-data/**", "test-results/**", "playwright-report/**", "lib/db/migrations/**", "next-env.d.ts"],
  },
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    // Never parse installed packages to follow their imports (import/no-cycle): ours are the only cycles.
    settings: { "import/ignore": ["node_modules"] },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/no-explicit-any": "error",
      "no-console": "off",
      // Imports point one way (docs/architecture.md "Layers"). Type-only imports are not cycles (they
      // are erased). Background tasks load their handlers when a job runs (`await import(...)` in
      // lib/<domain>/tasks.ts), because the handlers enqueue those tasks: such a cycle has a dynamic
      // import in it and is allowed.
      "import/no-cycle": ["error", { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
      "import/no-restricted-paths": ["error", { basePath: root, zones: [...layerZones, ...componentZones] }],
    },
  },
];

export default config;
