import { route } from "@/lib/http/route";
import { createContentPackage, listContentPackages } from "@/lib/lookups/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(listContentPackages, createContentPackage);
