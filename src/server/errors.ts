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
export const forbidden = (message = '没有权限执行该操作') => new AppError(Status.FORBIDDEN, message);
export const notFound = (message = '记录不存在') => new AppError(Status.NOT_FOUND, message);
export const conflict = (message: string) => new AppError(Status.CONFLICT, message);
