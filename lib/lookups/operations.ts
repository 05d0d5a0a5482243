import { collectionOperations } from "@/lib/content/operations";
import * as lookups from "./collections";

/**
 * Every endpoint of the nine lookups, each named after its operationId; route files import these and
 * nothing else. The lookups themselves (one factory, ./collections) have the same six endpoints.
 */
const operationsOf = (lookup: (typeof lookups.LOOKUPS)[number]) => collectionOperations(lookup.collection, lookup.schemas);
const operationsByLookup = new Map(lookups.LOOKUPS.map((lookup) => [lookup, operationsOf(lookup)]));
const of = (lookup: (typeof lookups.LOOKUPS)[number]) => operationsByLookup.get(lookup)!;

export const { list: listMuscleGroups, create: createMuscleGroup, get: getMuscleGroup, replace: replaceMuscleGroup, patch: patchMuscleGroup, remove: deleteMuscleGroup } = of(lookups.muscleGroups);
export const { list: listBodyParts, create: createBodyPart, get: getBodyPart, replace: replaceBodyPart, patch: patchBodyPart, remove: deleteBodyPart } = of(lookups.bodyParts);
export const { list: listFitnessGoals, create: createFitnessGoal, get: getFitnessGoal, replace: replaceFitnessGoal, patch: patchFitnessGoal, remove: deleteFitnessGoal } = of(lookups.fitnessGoals);
export const { list: listActivityTypes, create: createActivityType, get: getActivityType, replace: replaceActivityType, patch: patchActivityType, remove: deleteActivityType } = of(lookups.activityTypes);
export const { list: listContentProviders, create: createContentProvider, get: getContentProvider, replace: replaceContentProvider, patch: patchContentProvider, remove: deleteContentProvider } = of(lookups.contentProviders);
export const { list: listContentCategorys, create: createContentCategory, get: getContentCategory, replace: replaceContentCategory, patch: patchContentCategory, remove: deleteContentCategory } = of(lookups.contentCategories);
export const { list: listEquipmentBrands, create: createEquipmentBrand, get: getEquipmentBrand, replace: replaceEquipmentBrand, patch: patchEquipmentBrand, remove: deleteEquipmentBrand } = of(lookups.equipmentBrands);
export const { list: listEquipmentCategorys, create: createEquipmentCategory, get: getEquipmentCategory, replace: replaceEquipmentCategory, patch: patchEquipmentCategory, remove: deleteEquipmentCategory } = of(lookups.equipmentCategories);
export const { list: listContentPackages, create: createContentPackage, get: getContentPackage, replace: replaceContentPackage, patch: patchContentPackage, remove: deleteContentPackage } = of(lookups.contentPackages);

/** The lookups' endpoints in the order of LOOKUPS, as the OpenAPI registry lists them. */
export const lookupOperations = lookups.LOOKUPS.flatMap((lookup) => of(lookup).all);
