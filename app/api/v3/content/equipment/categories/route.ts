import { route } from "@/lib/http/route";
import { equipmentCategories } from "@/lib/lookups/collections";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(equipmentCategories.operations.list, equipmentCategories.operations.create);
