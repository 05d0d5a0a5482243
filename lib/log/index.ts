import { pgCode } from "@/lib/db/errors";

/**
 * One-line JSON logs on stdout/stderr. Callers pass fields, never request bodies, passwords or tokens.
 */
type Level = "debug" | "info" | "warn" | "error";
const ORDER: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

function threshold(): number {
  const configured = (process.env.LOG_LEVEL ?? "info") as Level | "silent";
  return ORDER[configured] ?? ORDER.info;
}

function write(level: Level, message: string, fields?: Record<string, unknown>): void {
  if (ORDER[level] < threshold()) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...fields });
  if (level === "error" || level === "warn") process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
}

export const log = {
  debug: (message: string, fields?: Record<string, unknown>) => write("debug", message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write("info", message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write("warn", message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write("error", message, fields),
};

const MAX_LOGGED_MESSAGE = 300;

/** The SQL text a failed query carried (drizzle's error keeps it as `query`, next to its `params`). */
function failedStatement(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const query = (current as { query?: unknown }).query;
    if (typeof query === "string") return query;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A statement named by its verb and first table (`insert exercises`): no values, no clauses. */
export function statementName(sqlText: string): string {
  const text = sqlText.replace(/\s+/g, " ").trim();
  const verb = /^\w+/.exec(text)?.[0]?.toLowerCase() ?? "statement";
  const table = /\b(?:into|update|from)\s+"?([\w.]+)"?/i.exec(text)?.[1];
  return table ? `${verb} ${table}` : verb;
}

/** The stack's frames without its first line, which repeats the message. */
function framesOf(error: Error): string | undefined {
  const frames = error.stack?.split("\n").filter((line) => /^\s+at /.test(line));
  return frames && frames.length > 0 ? frames.join("\n") : undefined;
}

/**
 * A thrown value reduced to what may be logged. A database error's message and parameters quote the
 * request (values, passwords, tokens, personal text), so it is logged as its error code (SQLSTATE) and
 * the statement's name only. Other errors keep their name, a bounded message and their stack frames.
 */
export function describeError(error: unknown): Record<string, unknown> {
  const sqlstate = pgCode(error);
  const statement = failedStatement(error);
  if (sqlstate || statement) {
    return {
      error: "database error",
      sqlstate,
      statement: statement ? statementName(statement) : undefined,
      stack: error instanceof Error ? framesOf(error) : undefined,
    };
  }
  if (error instanceof Error) return { error: error.name, detail: error.message.slice(0, MAX_LOGGED_MESSAGE), stack: framesOf(error) };
  return { error: typeof error };
}
