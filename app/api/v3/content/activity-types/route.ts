import { route } from "@/lib/http/route";
import { createActivityType, listActivityTypes } from "@/lib/lookups/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(listActivityTypes, createActivityType);
