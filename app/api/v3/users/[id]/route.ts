import { route } from "@/lib/http/route";
import { getUser, patchUser, deleteUserById } from "@/lib/users/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getUser, patchUser, deleteUserById);
