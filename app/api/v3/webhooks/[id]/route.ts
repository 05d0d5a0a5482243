import { route } from "@/lib/http/route";
import { deleteWebhookById, getWebhook, patchWebhook } from "@/lib/webhooks/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getWebhook, patchWebhook, deleteWebhookById);
