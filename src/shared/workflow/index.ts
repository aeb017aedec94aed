export * from './transitions';
export * from './authorize';
