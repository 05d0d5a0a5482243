import { route } from "@/lib/http/route";
import { deleteIntegrationTokenById } from "@/lib/integration-tokens/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(deleteIntegrationTokenById);
