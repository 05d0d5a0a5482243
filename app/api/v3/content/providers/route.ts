import { route } from "@/lib/http/route";
import { contentProviders } from "@/lib/lookups/collections";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(contentProviders.operations.list, contentProviders.operations.create);
