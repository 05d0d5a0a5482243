import { route } from "@/lib/http/route";
import { deleteEquipmentBrand, getEquipmentBrand, patchEquipmentBrand, replaceEquipmentBrand } from "@/lib/lookups/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getEquipmentBrand, replaceEquipmentBrand, patchEquipmentBrand, deleteEquipmentBrand);
