export { schemaFor, fieldSchema, validateResource, truthy, type ValidationResult } from './resource-schema';
