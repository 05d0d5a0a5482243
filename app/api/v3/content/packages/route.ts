import { route } from "@/lib/http/route";
import { contentPackages } from "@/lib/lookups/collections";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(contentPackages.operations.list, contentPackages.operations.create);
