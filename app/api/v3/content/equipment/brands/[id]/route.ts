import { route } from "@/lib/http/route";
import { equipmentBrands } from "@/lib/lookups/collections";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(equipmentBrands.operations.get, equipmentBrands.operations.replace, equipmentBrands.operations.patch, equipmentBrands.operations.remove);
