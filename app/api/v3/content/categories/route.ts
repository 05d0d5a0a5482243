import { route } from "@/lib/http/route";
import { createContentCategory, listContentCategorys } from "@/lib/lookups/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(listContentCategorys, createContentCategory);
