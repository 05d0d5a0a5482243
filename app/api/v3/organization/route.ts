import { route } from "@/lib/http/route";
import { getOrganization, patchOrganization } from "@/lib/organizations/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getOrganization, patchOrganization);
