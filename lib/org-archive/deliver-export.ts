import { eq } from "drizzle-orm";
import { Readable } from "node:stream";
import { getDb, tables } from "@/lib/db";
import { ApiError } from "@/lib/core/errors";
import { deliveryRoute } from "@/lib/http/route";
import { getStorage } from "@/lib/storage";
import { verifyPolicy, type PolicyCheck } from "@/lib/uploads/signing";
import { exportDownloadPath } from "./archive-jobs";
import { ARCHIVE_MEDIA_TYPE } from "./schemas";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const POLICY_MESSAGES: Record<Exclude<PolicyCheck, { ok: true }>["reason"], string> = {
  missing: "the address is not signed: the Policy parameter is missing",
  invalid: "the address's Policy is not valid",
  "wrong-path": "the address's Policy was issued for another file",
  expired: "the address has expired; read the export again for a fresh one",
};

/**
 * `{cdn_url}/exports/{id}/archive.tar.gz?Policy=…`: an export's archive. The signed policy, which
 * expires (docs/api.md "Organization export and import"), is the credential.
 */
async function deliver(req: Request, id: string, name: string, isHead: boolean): Promise<Response> {
  const policy = verifyPolicy(new URL(req.url).searchParams.get("Policy"), `/exports/${id}/${name}`);
  if (!policy.ok) throw new ApiError("forbidden", POLICY_MESSAGES[policy.reason]);
  const [row] = UUID.test(id) ? await (await getDb()).select().from(tables.organizationExports).where(eq(tables.organizationExports.id, id)).limit(1) : [];
  if (!row || row.state !== "completed" || exportDownloadPath(row) !== `/exports/${id}/${name}`) throw new ApiError("not_found", "export not found");
  const headers = {
    "Content-Type": ARCHIVE_MEDIA_TYPE,
    "Content-Length": String(row.size ?? 0),
    "Content-Disposition": `attachment; filename="organization-${row.id}.tar.gz"`,
    "Cache-Control": "private, no-store",
  };
  if (isHead) return new Response(null, { status: 200, headers });
  const stream = await getStorage().read(row.storageKey);
  return new Response(Readable.toWeb(stream) as ReadableStream, { status: 200, headers });
}

/** The exports of `app/cdn/exports/[id]/[name]/route.ts`. */
export const cdnExportRoute = deliveryRoute("cdn", (req, raw, isHead) => deliver(req, String(raw.id ?? ""), String(raw.name ?? ""), isHead));
