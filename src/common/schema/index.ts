export * from './types';
export * from './loader';
export * from './dictionary';
export * from './permission-defaults';
export * from './stage-field';
