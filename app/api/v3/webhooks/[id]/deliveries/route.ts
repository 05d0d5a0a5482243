import { route } from "@/lib/http/route";
import { getWebhookDeliveries } from "@/lib/webhooks/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getWebhookDeliveries);
