import { route } from "@/lib/http/route";
import { deleteEquipmentCategory, getEquipmentCategory, patchEquipmentCategory, replaceEquipmentCategory } from "@/lib/lookups/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getEquipmentCategory, replaceEquipmentCategory, patchEquipmentCategory, deleteEquipmentCategory);
