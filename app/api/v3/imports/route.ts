import { route } from "@/lib/http/route";
import { postOrganizationImport } from "@/lib/org-archive/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postOrganizationImport);
