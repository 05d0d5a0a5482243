/**
 * What must answer before this process takes traffic (`GET /health/ready`). The database and the
 * storage are always checked; other parts of the service that a node needs (the job queue, say)
 * register a check of their own when they start, and the endpoint then waits for them too.
 *
 * ```ts
 * registerReadinessCheck("jobs", async () => {
 *   if (!queue.isRunning()) throw new Error("not started");
 * });
 * ```
 *
 * A check resolves when its part answers and throws (or does not settle within
 * `READINESS_TIMEOUT_MS`) when it does not. Its error is never shown to clients: the endpoint answers
 * only the check's name and `ok` or `unavailable`.
 */
export type ReadinessCheck = () => Promise<void>;

export const READINESS_TIMEOUT_MS = 2000;

const REGISTRY_KEY = Symbol.for("fcs.readinessChecks");
// On `globalThis`: Next.js may load this module in more than one bundle of the same process.
type RegistryHolder = { [REGISTRY_KEY]?: Map<string, ReadinessCheck> };

function registry(): Map<string, ReadinessCheck> {
  const holder = globalThis as RegistryHolder;
  holder[REGISTRY_KEY] ??= new Map();
  return holder[REGISTRY_KEY];
}

/** Adds (or replaces) the check called `name`; returns a function that removes it. */
export function registerReadinessCheck(name: string, check: ReadinessCheck): () => void {
  if (!/^[a-z][a-z0-9_-]*$/.test(name)) throw new Error(`a readiness check's name is lowercase letters, digits, - and _: ${name}`);
  registry().set(name, check);
  return () => {
    if (registry().get(name) === check) registry().delete(name);
  };
}

export type ReadinessReport = { isReady: boolean; checks: Record<string, "ok" | "unavailable"> };

/**
 * Whether `check` resolves within `timeoutMs`. One promise and one timer: `GET /health` runs this on
 * every call, and a race of promises cost it a noticeable share (docs/benchmarks.md, 2026-11-29).
 */
export function answersWithin(check: ReadinessCheck, timeoutMs: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    const settle = (isUp: boolean) => {
      clearTimeout(timer);
      resolve(isUp);
    };
    try {
      check().then(() => settle(true), () => settle(false));
    } catch {
      settle(false);
    }
  });
}

/** Runs `builtIn` and every registered check at once, each bounded by the timeout. */
export async function checkReadiness(builtIn: Record<string, ReadinessCheck>, timeoutMs = READINESS_TIMEOUT_MS): Promise<ReadinessReport> {
  const all = new Map([...Object.entries(builtIn), ...registry()]);
  const results = await Promise.all([...all].map(async ([name, check]) => [name, await answersWithin(check, timeoutMs)] as const));
  const checks = Object.fromEntries(results.map(([name, isUp]) => [name, isUp ? "ok" : "unavailable"] as const));
  return { isReady: results.every(([, isUp]) => isUp), checks };
}
