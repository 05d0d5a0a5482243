import pg from "pg";

/** The URL without its password, for printing. */
export function describeDatabaseUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

/**
 * Makes sure the database `url` names exists on its server, creating it (through the server's
 * `postgres` database) when it does not. Resolves with whether it was created.
 */
export async function ensureDatabase(url: string): Promise<boolean> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!name) throw new Error(`DATABASE_URL names no database: ${describeDatabaseUrl(url)}`);
  try {
    await connectAndEnd(url);
    return false;
  } catch (error) {
    // 3D000: the database does not exist; anything else (server down, refused login) is the operator's to fix.
    if ((error as { code?: string }).code !== "3D000") throw unreachable(url, error);
  }
  const maintenance = new URL(url);
  maintenance.pathname = "/postgres";
  const client = new pg.Client({ connectionString: maintenance.toString(), connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } catch (error) {
    // Another cluster created it at the same moment.
    if ((error as { code?: string }).code === "42P04") return false;
    throw unreachable(url, error);
  } finally {
    await client.end().catch(() => undefined);
  }
  return true;
}

async function connectAndEnd(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } finally {
    await client.end().catch(() => undefined);
  }
}

function unreachable(url: string, error: unknown): Error {
  const detail = error instanceof Error ? error.message : String(error);
  return new Error(`PostgreSQL at ${describeDatabaseUrl(url)} could not be used (${detail}): start it, or set DATABASE_URL to one that answers`);
}
