import { route } from "@/lib/http/route";
import { createEquipment, listEquipments } from "@/lib/equipment/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(listEquipments, createEquipment);
