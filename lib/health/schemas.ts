import { z } from "zod";
import packageJson from "@/package.json";

/** The health endpoints' isomorphic schemas (their answers) and the service's version. */
export const SERVICE_VERSION: string = packageJson.version;

export const healthSchema = z
  .object({
    status: z.enum(["ok", "unavailable"]),
    database: z.enum(["embedded", "postgresql"]),
    version: z.string(),
  })
  .meta({ id: "Health", example: { status: "ok", database: "embedded", version: SERVICE_VERSION } });

const checkStateSchema = z.enum(["ok", "unavailable"]);

export const readinessSchema = z
  .object({
    status: z.enum(["ready", "unavailable"]),
    checks: z.record(z.string(), checkStateSchema).meta({
      description: "Each part this process needs: `database` and `storage` always, and every part that registered a check of its own (such as the job queue).",
    }),
  })
  .meta({ id: "Readiness", example: { status: "ready", checks: { database: "ok", storage: "ok" } } });
