export * from './types';
export * from './loader';
