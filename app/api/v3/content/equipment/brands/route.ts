import { route } from "@/lib/http/route";
import { createEquipmentBrand, listEquipmentBrands } from "@/lib/lookups/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(listEquipmentBrands, createEquipmentBrand);
