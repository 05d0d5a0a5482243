import { route } from "@/lib/http/route";
import { postIntegrationToken, getIntegrationTokens, deleteIntegrationTokenByBody } from "@/lib/integration-tokens/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postIntegrationToken, getIntegrationTokens, deleteIntegrationTokenByBody);
