// POST /api/admin/tenantBankInfo/queryBankInfoList: the team's receiving/paying accounts, i.e. the 对公账户 lines
// of the 企业信息 page's records (read through the record repository, its view permission).
import type { Api } from '../../typed-app';
import { ok } from '../../plugins/envelope';
import type { AppServices } from '../../services';
import { envelope, options, readAll, readModule, tags, BOUND } from './common';

export const ENTERPRISE = BOUND.bankAccounts.module;

export async function bankRoutes(app: Api, s: AppServices) {
  app.post(
    '/api/admin/tenantBankInfo/queryBankInfoList',
    {
      schema: {
        tags,
        summary:
          '团队的收付款账户（企业信息的对公账户，默认账户在前）：body {keyword}；' +
          '[{value: 账号, label: 开户行 户名 尾号 xxxx, bankName, accountName, bankAccount, isDefault, enterpriseName, recordId}]',
        body: {
          type: 'object',
          properties: { keyword: { type: 'string', maxLength: 50, description: '开户行、户名或账号包含' } },
        },
        response: envelope(
          options(
            {
              bankName: { type: 'string' },
              accountName: { type: 'string' },
              bankAccount: { type: 'string' },
              isDefault: { type: 'boolean' },
              enterpriseName: { type: 'string' },
              recordId: { type: 'integer' },
            },
            { type: 'string' },
          ),
        ),
      },
    },
    async (req) => {
      const kw = req.body.keyword?.trim();
      const records = await readModule(s, req, ENTERPRISE, (read) =>
        readAll(read, { sorters: [{ field: 'createdAt', order: 'asc' }] }, 50),
      );
      const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));
      const accounts = records
        .flatMap((r) =>
          (r.lines ?? []).map((l) => ({
            bankName: str(l.bankName),
            accountName: str(l.accountName),
            bankAccount: str(l.bankAccount),
            isDefault: l.isDefault === '是',
            enterpriseName: str((r as Record<string, unknown>).enterpriseName),
            recordId: r.id,
          })),
        )
        .filter(
          (x) => x.bankAccount && (!kw || [x.bankName, x.accountName, x.bankAccount].some((t) => t.includes(kw))),
        );
      accounts.sort((x, y) => Number(y.isDefault) - Number(x.isDefault));
      return ok(
        accounts.map((x) => ({
          value: x.bankAccount,
          label: `${x.bankName} ${x.accountName} 尾号 ${x.bankAccount.slice(-4)}`,
          ...x,
        })),
      );
    },
  );
}
