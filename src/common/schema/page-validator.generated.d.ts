// Types of the generated validator (scripts/page-validator.mjs writes the .js beside this file; it is not committed).
import type { ErrorObject } from 'ajv';

export interface PageValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

export declare const validate: PageValidator;
/** The property names of each closed object of the meta-schema (for suggestions on a property it does not allow). */
export declare const objectShapes: string[][];
export default validate;
