// Types of the generated validator (scripts/page-validator.mjs writes the .js beside this file; it is not committed).
import type { ErrorObject } from 'ajv';

export interface PageValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

export declare const validate: PageValidator;
export default validate;
