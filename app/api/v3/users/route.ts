import { route } from "@/lib/http/route";
import { getUsers, postUser } from "@/lib/users/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getUsers, postUser);
