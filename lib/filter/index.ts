export {
  CONTENT_STATUSES,
  DEFAULT_LIMIT,
  DEFAULT_OFFSET,
  FILTER_OPERATORS,
  MAX_LIMIT,
  ORDER_DIRECTIONS,
  getBareOperator,
  isListOperator,
  type FieldSpec,
  type FieldType,
  type FilterCondition,
  type FilterOperator,
  type FilterOrder,
  type FilterQuery,
  type FilterSpec,
  type OrderDirection,
  type OrderSpec,
} from "./types";
export { isFilterOperator, parseFilter } from "./parse";
export { buildFilterQueryString, formatFilter } from "./format";
export {
  arrayField,
  booleanField,
  compileOrder,
  compileWhere,
  scalarField,
  searchField,
  statusField,
  type FieldCompiler,
  type Operand,
  type ScalarKind,
} from "./compile";
