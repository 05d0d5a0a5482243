import { route } from "@/lib/http/route";
import { deleteActivityType, getActivityType, patchActivityType, replaceActivityType } from "@/lib/lookups/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getActivityType, replaceActivityType, patchActivityType, deleteActivityType);
