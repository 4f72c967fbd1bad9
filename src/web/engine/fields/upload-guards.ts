import { checkUploadCount, checkUploadSize } from '../../../common/rules/field-rules';
import { UPLOAD_DEFAULT_LIMIT } from '../../../common/rules/constants';
import type { FieldDef } from '../../../common/schema/types';
import { feedback } from '../feedback';

/** Refuses a file over 10MB or beyond the field's count limit, telling the user why. */
export function guardFile(def: FieldDef, file: { size: number }, countAfter: number): boolean {
  const err = checkUploadSize(file.size) ?? checkUploadCount(countAfter, def.limit ?? UPLOAD_DEFAULT_LIMIT);
  if (err) feedback.message.error(err);
  return !err;
}
