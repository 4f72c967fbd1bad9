// One place that turns results and errors into the `{status, message, data}` envelope and hides internals.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Status, type ApiResponse } from '../../common/api';
import { AppError } from '../errors';
import { isRetryable } from '../db/tenant-scope';
import { securityHeaders } from './security-headers';

/** What a call answers when the database cancelled its statement for taking too long (SQLSTATE 57014). */
export const BUSY_MESSAGE = '系统繁忙，请稍后重试';

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

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a query string or headers over 16 KB, a broken
 * request line) still get the envelope, with the HTTP status the parser meant, and the connection closes.
 */
// Answers written straight to the socket bypass the hooks; they carry the same headers as every other answer.
const rawSecurityHeaders = () =>
  Object.entries(securityHeaders())
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');

export function envelopeClientError(err: Error & { code?: string }, socket: import('node:net').Socket): void {
  if (!socket.writable) return;
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const body = JSON.stringify({ status, message: tooLarge ? '请求头或地址过长' : '请求格式不正确', data: null });
  socket.end(
    `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\nContent-Type: application/json; charset=utf-8\r\n${rawSecurityHeaders()}` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * What the router refuses before any route runs (a path that is not valid UTF-8, a path segment over 100 characters).
 * Fastify answers these before the onRequest hooks, so the security headers are set here.
 */
export function envelopeFrameworkError(err: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
  void reply
    .headers(securityHeaders())
    .status(tooLong ? 414 : 400)
    .send({
      status: tooLong ? 414 : Status.BAD_REQUEST,
      message: tooLong ? '请求地址过长' : '请求地址格式不正确',
      data: null,
    });
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
    if (code === 429) {
      // A limit per client (plugins/rate-limits.ts): the real HTTP status, so proxies and scripts see it too.
      return reply.status(429).send({ status: 429, message: err.message, data: null });
    }
    if (code === 413) {
      const message = err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? '请求内容过大' : '文件大小不能超过10MB';
      return reply.status(200).send({ status: 413, message, data: null });
    }
    if (code >= 400 && code < 500) {
      // Malformed JSON, wrong content type, and the like: the client's fault, never a 5xx.
      return reply.status(200).send({ status: Status.BAD_REQUEST, message: '请求格式不正确', data: null });
    }
    // A value the database cannot take (SQLSTATE class 22: out of range, invalid text, bad date…) that got past the
    // route's checks: the caller's input, so a 400, and logged so the check that missed it gets written.
    if (/^22[0-9A-Z]{3}$/.test(String((err as { code?: unknown }).code ?? ''))) {
      req.log.warn({ err }, 'database refused a value');
      return reply.status(200).send({ status: Status.BAD_REQUEST, message: '参数格式不正确', data: null });
    }
    // A statement that ran out of its time (withTenant's statement_timeout, SQLSTATE 57014) or a server that is
    // shutting queries down: the database is busy, nothing was stored, the caller may try again.
    if (String((err as { code?: unknown }).code ?? '') === '57014') {
      req.log.warn({ err }, 'statement cancelled (timeout)');
      return reply.status(200).send({ status: Status.CONFLICT, message: BUSY_MESSAGE, data: null });
    }
    // Still colliding after withTenant's retries: the caller may try again; nothing was stored.
    if (isRetryable(err))
      return reply
        .status(200)
        .send({ status: Status.CONFLICT, message: '数据正被他人同时修改，请稍后重试', data: null });
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
