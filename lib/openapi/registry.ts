import { postLogin, postRefresh, postRevoke } from "@/lib/auth/operations";
import { getHealth } from "@/lib/health/operations";
import type { Operation } from "@/lib/http/operation";
import {
  deleteIntegrationTokenById,
  deleteIntegrationTokenByBody,
  getIntegrationTokens,
  postIntegrationToken,
} from "@/lib/integration-tokens/operations";
import { equipmentOperations } from "@/lib/equipment/collection";
import { exerciseOperations } from "@/lib/exercises/collection";
import { instructorOperations } from "@/lib/instructors/collection";
import { trainingPlanOperations } from "@/lib/training-plans/collection";
import { workoutOperations } from "@/lib/workouts/collection";
import { workoutsStatusOperations } from "@/lib/workouts/status-operations";
import { trainingPlansStatusOperations } from "@/lib/training-plans/status-operations";
import { LOOKUPS } from "@/lib/lookups/collections";
import { onDemandOperations } from "@/lib/on-demand/collection";
import { postSearch } from "@/lib/search/operations";
import { getTranslationQueue } from "@/lib/translations/operations";
import { onDemandStatusOperations } from "@/lib/on-demand/status-operations";
import { deleteUserById, getUser, getUsers, patchUser, postUser } from "@/lib/users/operations";
import { deleteUploadById, getUpload, getUploads, patchUpload, postUpload } from "@/lib/uploads/operations";
import { integrationOperations } from "@/lib/integrations/operations";
import { webhookOperations } from "@/lib/webhooks/operations";
import { getOpenApiDocument } from "./operations";

/**
 * Every operation of the API. Route files export these operations and the OpenAPI document is built
 * from this list; a test proves that both sides name the same paths and methods.
 */
export const operations = [
  getHealth,
  getOpenApiDocument,
  postLogin,
  postRefresh,
  postRevoke,
  postIntegrationToken,
  getIntegrationTokens,
  deleteIntegrationTokenByBody,
  deleteIntegrationTokenById,
  getUsers,
  postUser,
  getUser,
  patchUser,
  deleteUserById,
  postUpload,
  getUploads,
  getUpload,
  patchUpload,
  deleteUploadById,
  ...LOOKUPS.flatMap((lookup) => lookup.operations.all),
  ...exerciseOperations.all,
  ...equipmentOperations.all,
  ...instructorOperations.all,
  ...workoutOperations.all,
  ...trainingPlanOperations.all,
  ...workoutsStatusOperations.all,
  ...trainingPlansStatusOperations.all,
  ...onDemandStatusOperations.all,
  getTranslationQueue,
  ...onDemandOperations.all,
  postSearch,
  ...webhookOperations,
  ...integrationOperations,
] as unknown as Operation<never, never, never, never>[];
