/** HTTP range requests (RFC 9110 §14) for originals: one byte range per request. */
export type ByteRange = { start: number; end: number };

/**
 * The single byte range a `Range` header asks for: `undefined` to send the whole file (no header,
 * another unit, several ranges, or an `If-Range` that no longer matches), `"unsatisfiable"` for 416.
 */
export function parseRange(header: string | null, size: number, ifRange: string | null, etag: string): ByteRange | "unsatisfiable" | undefined {
  if (!header) return undefined;
  if (ifRange !== null && ifRange.trim() !== etag) return undefined;
  const match = /^\s*bytes\s*=\s*(.+)$/i.exec(header);
  if (!match) return undefined;
  const specs = match[1]!.split(",");
  if (specs.length > 1) return undefined;
  const spec = /^\s*(\d*)\s*-\s*(\d*)\s*$/.exec(specs[0]!);
  if (!spec || (spec[1] === "" && spec[2] === "")) return "unsatisfiable";
  if (spec[1] === "") {
    const suffix = Number(spec[2]);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(spec[1]);
  const end = spec[2] === "" ? size - 1 : Math.min(Number(spec[2]), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return { start, end };
}
