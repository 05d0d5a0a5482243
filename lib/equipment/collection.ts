import { contentCollection } from "@/lib/content/collection";
import { createEquipment } from "./create-equipment";
import { deleteEquipment } from "./delete-equipment";
import { equipmentRecord } from "./equipment-record";
import { getEquipment } from "./get-equipment";
import { equipmentList, listEquipment } from "./list-equipment";
import { patchEquipment } from "./patch-equipment";
import { prepareEquipment } from "./prepare-equipment";
import { replaceEquipment } from "./replace-equipment";

/**
 * Equipment as the code that serves every collection alike uses it (imports, translation exchange, the
 * admin). Its rules are the domain functions, one file each. It keeps no versions, so it has no restore.
 */
export const equipment = contentCollection(equipmentRecord, equipmentList, {
  prepare: prepareEquipment,
  list: listEquipment,
  get: getEquipment,
  create: createEquipment,
  replace: replaceEquipment,
  patch: patchEquipment,
  remove: deleteEquipment,
});
