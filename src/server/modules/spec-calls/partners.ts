// POST /api/admin/tenantPartner/queryList, /queryListByType and /getTenantUserName: the team's partners (the
// records of the 伙伴信息 page), partners of given types as options, and partners' contacts. Read through the
// record repository with the page's permission (its view permission) and data scope.
import type { Api } from '../../typed-app';
import { ok } from '../../plugins/envelope';
import { badRequest, notFound } from '../../errors';
import type { AppServices } from '../../services';
import type { TenantTx } from '../../db/tenant-scope';
import type { Filter } from '../records/query';
import { RecordStatus } from '../../../common/record-status';
import {
  dictItems,
  envelope,
  fieldKeyOf,
  findItem,
  idOrName,
  moduleSchema,
  options,
  pageBodyProps,
  paged,
  readAll,
  readModule,
  recordItem,
  tags,
  type Flat,
  BOUND,
} from './common';

export const PARTNERS = BOUND.partners.module;
const TYPE_FIELD = BOUND.partners.typeField;

const partnerProps = {
  id: { type: 'integer' },
  code: { type: 'string' },
  status: { type: 'string' },
  partnerName: { type: 'string' },
  partnerType: { type: 'array', items: { type: ['integer', 'string'] } },
  partnerTypeName: { type: 'string' },
  contactName: { type: 'string' },
  contactPhone: { type: 'string' },
  stage: { type: 'string' },
  bankName: { type: 'string' },
  bankAccount: { type: 'string' },
} as const;
const typesProp = {
  anyOf: [idOrName, { type: 'array', maxItems: 20, items: idOrName }],
  description: '伙伴类型：字典 id 或名称（如 供应商），可多个',
} as const;

export async function partnerRoutes(app: Api, s: AppServices) {
  /** Type ids or names → a filter on the type field (any of them); an unknown type is refused. */
  async function typeFilter(trx: TenantTx, tenant: string, given: unknown): Promise<Filter[]> {
    const list = (Array.isArray(given) ? given : given === undefined || given === '' ? [] : [given]).map(String);
    if (!list.length) return [];
    const nodes = await dictItems(trx, tenant, fieldKeyOf(moduleSchema(s, PARTNERS), TYPE_FIELD));
    const ids = list.map((v) => String(findItem(nodes, v, '伙伴类型').id));
    return [{ field: TYPE_FIELD, operator: 'in', value: ids }];
  }

  app.post(
    '/api/admin/tenantPartner/queryList',
    {
      schema: {
        tags,
        summary:
          `伙伴分页（伙伴信息的记录，需 ${PARTNERS}:view）：` +
          'body {pageNum, pageSize, keyword, partnerType, stage}；data {list, total}，list 项为伙伴记录（含联系人 lines）',
        body: {
          type: 'object',
          properties: {
            ...pageBodyProps,
            partnerType: typesProp,
            stage: { type: 'string', maxLength: 20, description: '合作状态：合作中 | 暂停 | 淘汰' },
          },
        },
        response: envelope(paged(recordItem(partnerProps))),
      },
    },
    async (req) => {
      const b = req.body;
      return ok(
        await readModule(s, req, PARTNERS, async (read, trx, tenant) => {
          const filters = [
            ...(await typeFilter(trx, tenant, b.partnerType)),
            ...(b.stage ? [{ field: 'stage', operator: 'eq', value: b.stage }] : []),
          ];
          const page = await read({
            pageNum: b.pageNum ?? 1,
            pageSize: b.pageSize ?? 20,
            keyword: b.keyword,
            filters,
            sorters: [{ field: 'createdAt', order: 'desc' }],
          });
          return { list: page.list, total: page.total, pageNum: page.pageNum, pageSize: page.pageSize };
        }),
      );
    },
  );

  app.post(
    '/api/admin/tenantPartner/queryListByType',
    {
      schema: {
        tags,
        summary:
          '按类型查询可选的伙伴（已通过、未淘汰，最多 200 个）：body {partnerType (必填), keyword}；[{value: 伙伴 id, label: 伙伴名称, code, partnerName, partnerTypeName, contactName, contactPhone, bankName, bankAccount, stage}]',
        body: {
          type: 'object',
          required: ['partnerType'],
          properties: { partnerType: typesProp, keyword: pageBodyProps.keyword },
        },
        response: envelope(
          options(
            {
              code: { type: 'string' },
              partnerName: { type: 'string' },
              partnerTypeName: { type: 'string' },
              contactName: { type: 'string' },
              contactPhone: { type: 'string' },
              bankName: { type: 'string' },
              bankAccount: { type: 'string' },
              stage: { type: 'string' },
            },
            { type: 'integer' },
          ),
        ),
      },
    },
    async (req) => {
      const b = req.body;
      const rows = await readModule(
        s,
        req,
        PARTNERS,
        async (read, trx, tenant) => {
          const filters: Filter[] = [
            ...(await typeFilter(trx, tenant, b.partnerType)),
            { field: 'status', operator: 'eq', value: RecordStatus.approved },
          ];
          if (!filters.some((f) => f.field === TYPE_FIELD)) throw badRequest('请选择伙伴类型');
          return readAll(read, { filters, keyword: b.keyword, sorters: [{ field: 'createdAt', order: 'desc' }] }, 200);
        },
        { offerable: true },
      );
      return ok(
        rows.map((r) => {
          const p = r as Flat & Record<string, unknown>;
          return {
            value: p.id,
            label: String(p.partnerName ?? p.code),
            code: p.code,
            partnerName: p.partnerName,
            partnerTypeName: p.partnerTypeName,
            contactName: p.contactName,
            contactPhone: p.contactPhone,
            bankName: p.bankName,
            bankAccount: p.bankAccount,
            stage: p.stage,
          };
        }),
      );
    },
  );

  app.post(
    '/api/admin/tenantPartner/getTenantUserName',
    {
      schema: {
        tags,
        summary:
          '伙伴的联系人：body {partnerId, keyword}（省略 partnerId 时列出所有可选伙伴的联系人，最多 200 人）；' +
          '[{value: 联系人姓名, label: 姓名（职务）手机号, name, post, mobile, email, isPrimary, partnerId, partnerName}]，主联系人在前',
        body: {
          type: 'object',
          properties: {
            partnerId: { type: 'integer', minimum: 1 },
            keyword: { type: 'string', maxLength: 30, description: '姓名或手机号包含' },
          },
        },
        response: envelope(
          options(
            {
              name: { type: 'string' },
              post: { type: 'string' },
              mobile: { type: 'string' },
              email: { type: 'string' },
              isPrimary: { type: 'boolean' },
              partnerId: { type: 'integer' },
              partnerName: { type: 'string' },
            },
            { type: 'string' },
          ),
        ),
      },
    },
    async (req) => {
      const { partnerId, keyword } = req.body;
      const partners = await readModule(
        s,
        req,
        PARTNERS,
        async (read) => {
          if (partnerId) {
            const page = await read({
              pageNum: 1,
              pageSize: 1,
              filters: [{ field: 'id', operator: 'eq', value: partnerId }],
            });
            if (!page.list.length) throw notFound('伙伴不存在');
            return page.list;
          }
          return readAll(
            read,
            {
              filters: [{ field: 'status', operator: 'eq', value: RecordStatus.approved }],
              sorters: [{ field: 'createdAt', order: 'desc' }],
            },
            500,
          );
        },
        { offerable: !partnerId },
      );
      const kw = keyword?.trim();
      const out = partners
        .flatMap((r) => contactsOf(r as Flat & Record<string, unknown>))
        .filter((c) => !kw || c.name.includes(kw) || c.mobile.includes(kw));
      return ok(out.slice(0, 200));
    },
  );
}

/** A partner's contacts: the 联系人 lines, primary first, and the form's 联系人 when no line names them. */
function contactsOf(p: Flat & Record<string, unknown>) {
  const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));
  const lines = (p.lines ?? [])
    .map((l) => ({
      name: str(l.name),
      post: str(l.post),
      mobile: str(l.mobile),
      email: str(l.email),
      isPrimary: l.isPrimary === '是',
    }))
    .filter((c) => c.name);
  if (p.contactName && !lines.some((c) => c.name === p.contactName)) {
    lines.unshift({
      name: str(p.contactName),
      post: '',
      mobile: str(p.contactPhone),
      email: '',
      isPrimary: !lines.some((c) => c.isPrimary),
    });
  }
  lines.sort((x, y) => Number(y.isPrimary) - Number(x.isPrimary));
  return lines.map((c) => ({
    value: c.name,
    label: `${c.name}${c.post ? `（${c.post}）` : ''}${c.mobile ? ` ${c.mobile}` : ''}`,
    ...c,
    partnerId: p.id,
    partnerName: str(p.partnerName),
  }));
}
