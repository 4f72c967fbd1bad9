export * from './types';
export * from './loader';
export * from './dictionary';
