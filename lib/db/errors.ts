/**
 * The SQLSTATE of a database error (both drivers surface `code` on the error or its cause). No SQLSTATE
 * class starts with E, so system errors such as EPIPE are not mistaken for one.
 */
export function pgCode(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-DF-Z][0-9A-Z]{4}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown): boolean => pgCode(error) === "23505";
export const isForeignKeyViolation = (error: unknown): boolean => pgCode(error) === "23503";

/** The constraint a violation names (PostgreSQL and PGlite report it on the error or its cause). */
export function pgConstraint(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === "string") return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
