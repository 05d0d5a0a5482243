import { getChanges } from "@/lib/changes/operations";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getChanges);
