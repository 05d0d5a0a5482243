/**
 * Benchmark databases on PostgreSQL: created from nothing (migrated by `openDatabase`) and dropped
 * afterwards. Only the database named in the address is touched; the server's `postgres` database is
 * used to create and drop it.
 */
import pg from "pg";

export const DEFAULT_SERVER = "postgres://postgres@127.0.0.1:5432/postgres";

export function databaseUrl(server: string, name: string): string {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

export function databaseName(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected database name '${name}' (use lower-case letters, digits and _)`);
  return name;
}

async function onServer<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl(url, "postgres") });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function databaseExists(url: string): Promise<boolean> {
  const name = databaseName(url);
  return onServer(url, async (client) => (await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount === 1);
}

export async function createDatabase(url: string, options: { replace?: boolean } = {}): Promise<void> {
  const name = databaseName(url);
  await onServer(url, async (client) => {
    if (options.replace) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  });
}

export async function dropDatabase(url: string): Promise<void> {
  const name = databaseName(url);
  await onServer(url, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}
