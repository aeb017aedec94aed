export { schemaFor, fieldSchema, validateResource, truthy, type ValidationResult } from './resource-schema';
export {
  DEPENDENCY_FORMAT_MSG, DEPENDENCY_VALUES_EXAMPLE, DEPENDENCY_VALUES_PATTERN, DEPENDENCY_VALUES_MAX_LENGTH, DEPENDENCY_PAIR_LIMITS,
  dependencyValuesFormat, parseDependencyValues, checkDependencyPairs, dependencyValuesSchema, dependencyPairSchema,
  type DependencyPair, type PairsCheck,
} from './dependency-values';
