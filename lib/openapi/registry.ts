import { postLogin, postRefresh, postRevoke } from "@/lib/auth/operations";
import { getHealth, getReadiness } from "@/lib/health/operations";
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
import { getWorkoutTimeline } from "@/lib/workouts/operations";
import { trainingPlansStatusOperations } from "@/lib/training-plans/status-operations";
import { LOOKUPS } from "@/lib/lookups/collections";
import { onDemandOperations } from "@/lib/on-demand/collection";
import { postSearch } from "@/lib/search/operations";
import { getChanges } from "@/lib/changes/operations";
import { getTranslationQueue } from "@/lib/translations/operations";
import { translationExchangeOperations } from "@/lib/translation-exchange/operations";
import { importOperations } from "@/lib/imports/operations";
import { archiveOperations } from "@/lib/org-archive/operations";
import { onDemandStatusOperations } from "@/lib/on-demand/status-operations";
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
  ...LOOKUPS.flatMap((lookup) => lookup.operations.all),
  ...exerciseOperations.all,
  ...equipmentOperations.all,
  ...instructorOperations.all,
  ...workoutOperations.all,
  getWorkoutTimeline,
  ...trainingPlanOperations.all,
  ...workoutsStatusOperations.all,
  ...trainingPlansStatusOperations.all,
  ...onDemandStatusOperations.all,
  getTranslationQueue,
  ...translationExchangeOperations,
  ...importOperations,
  ...archiveOperations,
  ...onDemandOperations.all,
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
