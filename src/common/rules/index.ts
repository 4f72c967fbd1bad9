export * from './messages';
export * from './constants';
export * from './format';
export * from './field-rules';
export * from './record';
export * from './value-types';
export * from './summary';
export * from './conditions';
