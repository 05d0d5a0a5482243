/**
 * `npm run bench:data -- --scale N [--seed S] [--database-url URL] [--replace] [--org CODE]`
 *
 * Fills an organization with the benchmark catalogue (lib/bench/catalogue.ts): at scale 1, 100,000
 * exercises, 30,000 workouts, 3,000 training plans and 20,000 on-demand items, plus lookups. On
 * PostgreSQL (`--database-url`, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/bench_data);
 * the database is created when missing (`--replace` drops it first). `--data-dir DIR` writes to an
 * embedded database instead. Deterministic for a seed.
 */
import { parseArgs } from "node:util";
import { openDatabase } from "@/lib/db/client";
import { BENCH_ORGANIZATION, BENCH_SEED, BENCH_USERS, generateCatalogue } from "@/lib/bench/catalogue";
import { createDatabase, databaseExists, databaseUrl, DEFAULT_SERVER } from "./database";

const { values } = parseArgs({
  options: {
    scale: { type: "string", default: "1" },
    seed: { type: "string", default: String(BENCH_SEED) },
    "database-url": { type: "string" },
    "data-dir": { type: "string" },
    org: { type: "string", default: BENCH_ORGANIZATION },
    replace: { type: "boolean", default: false },
  },
});

const scale = Number(values.scale);
const seed = Number(values.seed);
if (!(scale > 0 && scale <= 10) || !Number.isInteger(seed)) {
  console.error("usage: npm run bench:data -- --scale N (0 < N ≤ 10) [--seed S] [--database-url URL | --data-dir DIR] [--replace] [--org CODE]");
  process.exit(2);
}

const dataDir = values["data-dir"];
const url = dataDir ? undefined : (values["database-url"] ?? process.env.DATABASE_URL ?? databaseUrl(DEFAULT_SERVER, "bench_data"));
if (url && (values.replace || !(await databaseExists(url)))) await createDatabase(url, { replace: values.replace });

const database = await openDatabase({ DATABASE_URL: url, DATABASE_POOL_MAX: 4, dataDir: dataDir ?? "" });
try {
  const result = await generateCatalogue(database.db, {
    scale,
    seed,
    organizationCode: values.org,
    onProgress: (message) => console.log(`  ${message}`),
  });
  const counts = Object.entries(result.counts).map(([key, value]) => `${value} ${key}`).join(", ");
  console.log(`bench:data: organization '${values.org}' on ${url ? url.replace(/\/\/[^@]*@/, "//") : dataDir} in ${(result.milliseconds / 1000).toFixed(1)} s: ${counts}`);
  console.log(`  sign in: ${BENCH_USERS.admin.email} / ${BENCH_USERS.admin.password} (admin), ${BENCH_USERS.member.email} / ${BENCH_USERS.member.password} (member)`);
} finally {
  await database.close();
}
