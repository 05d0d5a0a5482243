import { sql } from "drizzle-orm";
import { getDatabase } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { defineOperation } from "@/lib/http/route";
import { json } from "@/lib/http/responses";
import { getStorage } from "@/lib/storage";
import { answersWithin, checkReadiness, READINESS_TIMEOUT_MS } from "./readiness";
import { healthSchema, readinessSchema, SERVICE_VERSION } from "./schemas";

async function pingDatabase(): Promise<void> {
  const { db } = await getDatabase();
  await db.execute(sql`select 1`);
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
    const isUp = await answersWithin(pingDatabase, READINESS_TIMEOUT_MS);
    const body = { status: isUp ? "ok" : "unavailable", database: getEnv().database, version: SERVICE_VERSION };
    return json(body, { status: isUp ? 200 : 503, headers: { "Cache-Control": "no-store" } });
  },
});

export const getReadiness = defineOperation({
  method: "GET",
  path: "/health/ready",
  operationId: "getReadiness",
  summary: "Readiness to take traffic",
  description:
    "Answers 200 once the database, the file storage (the S3 bucket, or the storage directory) and every other part this process " +
    "depends on answer, and 503 naming the parts that do not, so that a load balancer sends requests only to nodes that can serve them. " +
    "`GET /health` stays the liveness check.",
  tags: ["Service"],
  auth: { public: true },
  usesDatabase: false,
  responses: {
    200: { description: "Every part answers", schema: readinessSchema },
    503: { description: "At least one part does not answer", schema: readinessSchema },
  },
  handle: async () => {
    const report = await checkReadiness({ database: pingDatabase, storage: () => getStorage().check() });
    const body = { status: report.isReady ? "ready" : "unavailable", checks: report.checks };
    return json(body, { status: report.isReady ? 200 : 503, headers: { "Cache-Control": "no-store" } });
  },
});
