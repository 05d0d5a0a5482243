import { route } from "@/lib/http/route";
import { createOnDemand, listOnDemands } from "@/lib/on-demand/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(listOnDemands, createOnDemand);
