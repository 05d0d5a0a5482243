import { postLogin, postRefresh, postRevoke } from "@/lib/auth/operations";
import { getHealth, getReadiness } from "@/lib/health/operations";
import type { Operation } from "@/lib/http/operation";
import {
  deleteIntegrationTokenById,
  deleteIntegrationTokenByBody,
  getIntegrationTokens,
  postIntegrationToken,
} from "@/lib/integration-tokens/operations";
import * as equipment from "@/lib/equipment/operations";
import * as exercises from "@/lib/exercises/operations";
import * as instructors from "@/lib/instructors/operations";
import { lookupOperations } from "@/lib/lookups/operations";
import * as onDemand from "@/lib/on-demand/operations";
import * as trainingPlans from "@/lib/training-plans/operations";
import * as workouts from "@/lib/workouts/operations";
import { postSearch } from "@/lib/search/operations";
import { getChanges } from "@/lib/changes/operations";
import { getTranslationQueue } from "@/lib/translations/operations";
import { translationExchangeOperations } from "@/lib/translation-exchange/operations";
import { importOperations } from "@/lib/imports/operations";
import { archiveOperations } from "@/lib/org-archive/operations";
import { deleteUserById, getUser, getUsers, patchUser, postUser } from "@/lib/users/operations";
import { deleteUploadById, deleteUploadCaptions, getUpload, getUploads, patchUpload, postUpload, putUploadCaptions } from "@/lib/uploads/operations";
import { deleteResumableUpload, headResumableUpload, patchResumableUpload, postResumableUpload } from "@/lib/uploads/resumable/operations";
import { integrationOperations } from "@/lib/integrations/operations";
import { webhookOperations } from "@/lib/webhooks/operations";
import { jobOperations } from "@/lib/jobs/operations";
import { auditLogOperations } from "@/lib/audit-log/operations";
import { scheduleOperationsAll } from "@/lib/schedules/operations";
import { getOrganization, patchOrganization } from "@/lib/organizations/operations";
import { allVersionOperations } from "@/lib/versions/operations";
import { previewLinkOperationsAll } from "@/lib/preview-links/operations";
import { defineOpenApiDocumentOperation } from "./operations";

/** `GET /openapi.json`, which documents every operation below. */
export const getOpenApiDocument = defineOpenApiDocumentOperation(() => operations);

/**
 * Every operation of the API. Route files export these operations and the OpenAPI document is built
 * from this list; a test proves that both sides name the same paths and methods.
 */
export const operations = [
  getHealth,
  getReadiness,
  getOpenApiDocument,
  postLogin,
  postRefresh,
  postRevoke,
  postIntegrationToken,
  getIntegrationTokens,
  deleteIntegrationTokenByBody,
  deleteIntegrationTokenById,
  getOrganization,
  patchOrganization,
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
  putUploadCaptions,
  deleteUploadCaptions,
  postResumableUpload,
  headResumableUpload,
  patchResumableUpload,
  deleteResumableUpload,
  ...lookupOperations,
  exercises.listExercises,
  exercises.createExercise,
  exercises.getExercise,
  exercises.replaceExercise,
  exercises.patchExercise,
  exercises.deleteExercise,
  equipment.listEquipments,
  equipment.createEquipment,
  equipment.getEquipment,
  equipment.replaceEquipment,
  equipment.patchEquipment,
  equipment.deleteEquipment,
  instructors.listInstructors,
  instructors.createInstructor,
  instructors.getInstructor,
  instructors.replaceInstructor,
  instructors.patchInstructor,
  instructors.deleteInstructor,
  workouts.listWorkouts,
  workouts.createWorkout,
  workouts.getWorkout,
  workouts.replaceWorkout,
  workouts.patchWorkout,
  workouts.deleteWorkout,
  workouts.getWorkoutTimeline,
  trainingPlans.listTrainingPlans,
  trainingPlans.createTrainingPlan,
  trainingPlans.getTrainingPlan,
  trainingPlans.replaceTrainingPlan,
  trainingPlans.patchTrainingPlan,
  trainingPlans.deleteTrainingPlan,
  workouts.changeWorkoutStatus,
  workouts.getWorkoutStatusHistory,
  trainingPlans.changeTrainingPlanStatus,
  trainingPlans.getTrainingPlanStatusHistory,
  onDemand.changeOnDemandStatus,
  onDemand.getOnDemandStatusHistory,
  getTranslationQueue,
  ...translationExchangeOperations,
  ...importOperations,
  ...archiveOperations,
  onDemand.listOnDemands,
  onDemand.createOnDemand,
  onDemand.getOnDemand,
  onDemand.replaceOnDemand,
  onDemand.patchOnDemand,
  onDemand.deleteOnDemand,
  ...allVersionOperations,
  postSearch,
  getChanges,
  ...webhookOperations,
  ...integrationOperations,
  ...jobOperations,
  ...auditLogOperations,
  ...scheduleOperationsAll,
  ...previewLinkOperationsAll,
] as unknown as Operation<never, never, never, never>[];
