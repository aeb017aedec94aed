export * from './parameter-config';
export * from './parameter-values';
export * from './param-form';
