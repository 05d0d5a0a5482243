import { route } from "@/lib/http/route";
import { contentProviders } from "@/lib/lookups/collections";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(contentProviders.operations.get, contentProviders.operations.replace, contentProviders.operations.patch, contentProviders.operations.remove);
