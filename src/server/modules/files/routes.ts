// Upload (multipart field multipartFile, ≤ 10 MB enforced while streaming) and tenant-scoped download.
import { createHash } from 'node:crypto';
import type { Api } from '../../typed-app';
import { ok } from '../../plugins/envelope';
import { requireAuth } from '../../plugins/auth';
import { AppError, badRequest, notFound } from '../../errors';
import type { DB } from '../../db';
import type { FileStorage } from './storage';
import { UPLOAD_MAX_BYTES } from '../../../common/rules/constants';
import { sniffMime } from './sniff';
import { canReadFile, fileIdFromUrl } from './access';
import { contentDisposition } from './disposition';
import { fileUrl } from './urls';

export async function fileRoutes(app: Api, s: { db: DB; files: FileStorage }) {
  const { db, files } = s;

  app.post(
    '/api/admin/fileUtil/uploadFile',
    {
      schema: { tags: ['文件'], summary: '上传文件（multipart 字段 multipartFile，≤10MB）；data.filePath 为文件地址' },
    },
    async (req) => {
      const a = requireAuth(req);
      if (!req.isMultipart()) throw badRequest('请使用 multipart/form-data 上传文件');
      const part = await req.file({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });
      if (!part || part.fieldname !== 'multipartFile') throw badRequest('请选择要上传的文件（字段 multipartFile）');
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError(413, '文件大小不能超过10MB');
        throw err;
      }
      if (bytes.length === 0) throw badRequest('文件内容为空');
      const fileName = (part.filename || 'file').slice(0, 200);
      const mime = await sniffMime(bytes, fileName);
      if (!mime) throw badRequest('不支持的文件类型');
      const sha = createHash('sha256').update(bytes).digest('hex');
      await files.put(sha, bytes);
      const row = await db
        .insertInto('files')
        .values({
          tenant_code: a.tenantCode,
          uploaded_by: a.userId,
          sha256: sha,
          mime,
          size: bytes.length,
          file_name: fileName,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const url = fileUrl(row.id, fileName);
      return ok({ filePath: url, url, id: row.id, name: fileName, fileName, size: bytes.length, mime }, '上传成功');
    },
  );

  app.get(
    '/api/files/:id/*',
    {
      schema: { tags: ['文件'], summary: '下载文件（上传者；单据中的文件须能查看其所在单据；其余团队文件为团队成员）' },
    },
    async (req, reply) => {
      const a = requireAuth(req);
      const id = fileIdFromUrl(req.url);
      if (!id) throw notFound('文件不存在');
      const f = await db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
      // Refused as not found: whether a file of that number exists is not the caller's to learn.
      if (!f || !(await canReadFile(s, f, a))) throw notFound('文件不存在');
      // The bytes must be there before the headers go: a stream failing afterwards could only cut the answer off.
      const body = files.stream(f.sha256);
      const readable = await new Promise<boolean>((resolve) => {
        body.once('error', () => resolve(false));
        body.once('readable', () => resolve(true));
      });
      if (!readable) {
        body.destroy();
        req.log.error({ fileId: f.id }, 'file bytes missing from storage');
        throw notFound('文件内容不存在');
      }
      return reply
        .header('Content-Type', f.mime)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, max-age=3600')
        .header('Content-Disposition', contentDisposition('inline', f.file_name))
        .send(body);
    },
  );
}
