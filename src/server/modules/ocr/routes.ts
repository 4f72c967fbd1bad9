// ID-card and business-licence recognition on an uploaded image. The image must be a file the
// caller may read; the provider answers recognised=false rather than failing on an unreadable photo.
import type { FastifyReply } from 'fastify';
import type { Api } from '../../typed-app';
import { ok } from '../../plugins/envelope';
import { requireAuth } from '../../plugins/auth';
import { notFound } from '../../errors';
import type { Config } from '../../config';
import type { DB } from '../../db';
import type { FileStorage } from '../files/storage';
import type { OcrProvider } from './provider';
import { tooManyRequests } from '../../plugins/rate-limits';
import { readOwnFile } from '../files/access';
import type { SessionInfo } from '../auth/sessions';

const body = { type: 'object', required: ['url'], properties: { url: { type: 'string', maxLength: 500 } } } as const;

export async function ocrRoutes(app: Api, s: { config: Config; db: DB; files: FileStorage; ocr: OcrProvider }) {
  // Recognition runs in this process, one image at a time (seconds each): beyond ocrQueue calls in hand, a call is
  // refused at once (429) instead of waiting minutes behind the others (a queue bound for OCR).
  let inHand = 0;
  async function bounded<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
    if (inHand >= s.config.ocrQueue) throw tooManyRequests(reply, 10_000, '识别服务繁忙，请稍后再试');
    inHand++;
    try {
      return await work();
    } finally {
      inHand--;
    }
  }

  async function image(url: string, session: SessionInfo) {
    const f = await readOwnFile(s, url, session);
    if (!f) throw notFound('图片不存在，请重新上传');
    return f.bytes;
  }

  app.post(
    '/api/admin/systenant/idCardOcr',
    { schema: { tags: ['团队'], summary: '身份证识别（号码、生日、性别、省市区）', body } },
    async (req, reply) => {
      const a = requireAuth(req);
      const res = await bounded(reply, async () => s.ocr.idCard(await image(req.body.url, a)));
      return ok(res, res.recognised ? '识别成功' : res.message);
    },
  );

  app.post(
    '/api/admin/systenant/businessLicense',
    { schema: { tags: ['团队'], summary: '营业执照识别（统一社会信用代码）', body } },
    async (req, reply) => {
      const a = requireAuth(req);
      const res = await bounded(reply, async () => s.ocr.businessLicense(await image(req.body.url, a)));
      return ok(res, res.recognised ? '识别成功' : res.message);
    },
  );
}
