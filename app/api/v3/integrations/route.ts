import { route } from "@/lib/http/route";
import { getIntegrations } from "@/lib/integrations/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getIntegrations);
