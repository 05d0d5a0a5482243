/**
 * Records the SQL the service's domain code runs for one request of a scenario, so that the floor
 * server (floor.mjs) can run exactly the same statements with the same parameters. The domain
 * functions are called here as the route handlers call them, with the context a member's mobile
 * token gets; drizzle's logger receives every statement (`begin` and `commit` included) with the
 * parameters passed to `pg`.
 */
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { ContentContext, OrganizationSettings } from "@/lib/content/context";
import type { Db } from "@/lib/db";
import * as schema from "@/lib/db/schema";
import { exercises } from "@/lib/exercises/collection";
import { parseFilter } from "@/lib/filter";
import { textViewFrom } from "@/lib/i18n";
import { searchRequestSchema } from "@/lib/search/schemas";
import { searchContent } from "@/lib/search/search-content";
import { flushSearchQueries } from "@/lib/search/suggestions";
import { validateInput } from "@/lib/validation";
import { workouts } from "@/lib/workouts/collection";

export type Statement = { sql: string; params: unknown[] };
export type FloorScenario = { mode: "parallel-first" | "sequential" | "transaction"; statements: Statement[] };

export type CaptureInput = {
  databaseUrl: string;
  organization: OrganizationSettings;
  memberId: string;
  /** Query strings and body of the scenarios, as the HTTP requests send them. */
  listQuery: string;
  getWorkoutId: string;
  getLang: string;
  /** Search scenarios by name (each a floor scenario of that name) and their request bodies. */
  searches: Record<string, Record<string, unknown>>;
};

export async function captureStatements(input: CaptureInput): Promise<Record<string, FloorScenario>> {
  const pool = new pg.Pool({ connectionString: input.databaseUrl, max: 2 });
  let recording: Statement[] | undefined;
  const db = drizzle({
    client: pool,
    schema,
    casing: "snake_case",
    logger: { logQuery: (sql, params) => recording?.push({ sql, params: [...params] }) },
  }) as unknown as Db;
  const organization = input.organization;
  const context = (lang: string | null): ContentContext => ({
    db,
    caller: { kind: "user", userId: input.memberId, organizationId: organization.id, scope: "mobile", role: "member", languages: [], sessionId: "bench", tokenId: "bench" },
    organization,
    view: textViewFrom({ acceptLanguage: "en", lang, organization }),
    writeLanguage: organization.defaultLanguage,
    seesOnlyPublished: true,
  });
  const record = async (run: () => Promise<unknown>): Promise<Statement[]> => {
    recording = [];
    await run();
    const statements = recording;
    recording = undefined;
    return statements;
  };
  try {
    const list = await record(() => exercises.list(context(null), parseFilter(new URLSearchParams(input.listQuery), exercises.filter.spec)));
    const get = await record(() => workouts.get(context(input.getLang), input.getWorkoutId));
    const searches: Record<string, FloorScenario> = {};
    for (const [name, body] of Object.entries(input.searches)) {
      const statements = await record(() => searchContent(context(null), validateInput(searchRequestSchema, body), new URLSearchParams()));
      searches[name] = { mode: "transaction", statements };
      // A member's successful search is recorded for suggestions after the response; write it now.
      await flushSearchQueries(db);
    }
    return {
      // The health check's one statement: what the framework costs around a single round trip.
      health: { mode: "sequential", statements: [{ sql: "select 1", params: [] }] },
      list: { mode: "parallel-first", statements: list },
      get: { mode: "sequential", statements: get },
      ...searches,
    };
  } finally {
    await pool.end();
  }
}
