import { route } from "@/lib/http/route";
import { bodyParts } from "@/lib/lookups/collections";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(bodyParts.operations.get, bodyParts.operations.replace, bodyParts.operations.patch, bodyParts.operations.remove);
