import { route } from "@/lib/http/route";
import { equipmentBrands } from "@/lib/lookups/collections";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(equipmentBrands.operations.list, equipmentBrands.operations.create);
