import { sql } from "drizzle-orm";
import { z } from "zod";
import { getDatabase } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { defineOperation } from "@/lib/http/route";
import { json } from "@/lib/http/responses";
import packageJson from "@/package.json";

export const SERVICE_VERSION: string = packageJson.version;

export const healthSchema = z
  .object({
    status: z.enum(["ok", "unavailable"]),
    database: z.enum(["embedded", "postgresql"]),
    version: z.string(),
  })
  .meta({ id: "Health", example: { status: "ok", database: "embedded", version: SERVICE_VERSION } });

const HEALTH_TIMEOUT_MS = 2000;

async function pingDatabase(): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), HEALTH_TIMEOUT_MS);
  });
  const ping = (async () => {
    const { db } = await getDatabase();
    await db.execute(sql`select 1`);
    return true;
  })().catch(() => false);
  try {
    return await Promise.race([ping, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export const getHealth = defineOperation({
  method: "GET",
  path: "/health",
  operationId: "getHealth",
  summary: "Service health",
  description: "Answers 200 when the service and its database respond, 503 when the database does not.",
  tags: ["Service"],
  auth: { public: true },
  usesDatabase: false,
  responses: {
    200: { description: "The service and its database answer", schema: healthSchema },
    503: { description: "The database does not answer", schema: healthSchema },
  },
  handle: async () => {
    const isUp = await pingDatabase();
    const body = { status: isUp ? "ok" : "unavailable", database: getEnv().database, version: SERVICE_VERSION };
    return json(body, { status: isUp ? 200 : 503, headers: { "Cache-Control": "no-store" } });
  },
});
