import { route } from "@/lib/http/route";
import { deleteOnDemand, getOnDemand, patchOnDemand, replaceOnDemand } from "@/lib/on-demand/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getOnDemand, replaceOnDemand, patchOnDemand, deleteOnDemand);
