import { notFoundRoute } from "@/lib/http/route";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = notFoundRoute();
