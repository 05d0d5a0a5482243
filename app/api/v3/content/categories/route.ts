import { route } from "@/lib/http/route";
import { contentCategories } from "@/lib/lookups/collections";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(contentCategories.operations.list, contentCategories.operations.create);
