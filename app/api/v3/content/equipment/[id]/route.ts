import { route } from "@/lib/http/route";
import { deleteEquipment, getEquipment, patchEquipment, replaceEquipment } from "@/lib/equipment/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getEquipment, replaceEquipment, patchEquipment, deleteEquipment);
