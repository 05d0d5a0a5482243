import { route } from "@/lib/http/route";
import { deleteExercise, getExercise, patchExercise, replaceExercise } from "@/lib/exercises/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getExercise, replaceExercise, patchExercise, deleteExercise);
