// One place that turns results and errors into the `{status, message, data}` envelope and hides internals.
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Status, type ApiResponse } from '../../common/api';
import { AppError } from '../errors';

export function ok<T>(data: T, message = '操作成功'): ApiResponse<T> {
  return { status: Status.OK, message, data };
}

/** Names the offending field of a route-schema failure without leaking ajv's English. */
function validationMessage(err: FastifyError): string {
  const v = err.validation?.[0];
  if (!v) return '请求参数格式不正确';
  const missing = (v.params as { missingProperty?: string } | undefined)?.missingProperty;
  const field = missing ?? v.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (missing) return `缺少参数：${field}`;
  return field ? `参数格式不正确：${field}` : '请求参数格式不正确';
}

export const envelopePlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      return reply.status(200).send({ status: err.status, message: err.message, data: err.data });
    }
    if (err.validation) {
      return reply.status(200).send({ status: Status.BAD_REQUEST, message: validationMessage(err), data: null });
    }
    const code = err.statusCode ?? 500;
    if (code === 413) return reply.status(200).send({ status: 413, message: '文件大小不能超过10MB', data: null });
    if (code >= 400 && code < 500) {
      // Malformed JSON, wrong content type, and the like: the client's fault, never a 5xx.
      return reply.status(200).send({ status: Status.BAD_REQUEST, message: '请求格式不正确', data: null });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ status: Status.SERVER_ERROR, message: '服务器内部错误，请稍后再试', data: null });
  });

  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/')) {
      return reply.status(404).send({ status: Status.NOT_FOUND, message: '接口不存在', data: null });
    }
    return reply.status(404).send('Not Found');
  });
});
