import { route } from "@/lib/http/route";
import { contentPackages } from "@/lib/lookups/collections";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(contentPackages.operations.get, contentPackages.operations.replace, contentPackages.operations.patch, contentPackages.operations.remove);
