/** PostgreSQL error codes the domain reacts to (both drivers surface `code` on the error or its cause). */
function pgCode(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown): boolean => pgCode(error) === "23505";
export const isForeignKeyViolation = (error: unknown): boolean => pgCode(error) === "23503";
