import { getAuditLogExport } from "@/lib/audit-log/operations";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getAuditLogExport);
