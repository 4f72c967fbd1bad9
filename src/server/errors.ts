import { Status } from '../common/api';

/** A handled failure: becomes `{status, message, data: null}` with HTTP 200 (or httpStatus when given). */
export class AppError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly data: unknown = null,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new AppError(Status.BAD_REQUEST, message);
/**
 * A 400 about one field of a record (`lines[i].cell` for a line cell): the answer is the message alone, the field
 * rides along for whoever logs the failure (an effect whose target refused what it wrote).
 */
export const badField = (message: string, field: string) => Object.assign(badRequest(message), { field });
/** The field a refusal is about, when it names one (badField). */
export const fieldOfError = (err: unknown): string | undefined => {
  const f = err instanceof AppError ? (err as AppError & { field?: unknown }).field : undefined;
  return typeof f === 'string' ? f : undefined;
};
export const forbidden = (message = '没有权限执行该操作') => new AppError(Status.FORBIDDEN, message);
export const notFound = (message = '记录不存在') => new AppError(Status.NOT_FOUND, message);
export const conflict = (message: string) => new AppError(Status.CONFLICT, message);
