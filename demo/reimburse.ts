// Twenty-four claims over the last twelve months: who files them, for whom, how far each got, and which
// advance an approved claim offsets (its 还款记录 line is dated the day the claim was approved).
import { sql } from 'kysely';
import type { Kit, Fate } from '../src/server/seed/story';
import { live } from '../src/server/seed/story';
import { dateAgo } from '../src/server/seed/dates';
import { CARDS, PAY_ACCOUNT } from './advances';

type ClaimFate = 'draft' | 'step1' | 'step2' | 'rejected' | 'withdrawn' | 'toPay' | 'paid';

interface Claim {
  day: number;
  who: 'staff' | 'demo' | 'lisi' | 'forStaff';
  cat: string;
  reason: string;
  lines: [string, number, string][];
  fate: ClaimFate;
  /** The advance it offsets (ref) and by how much. */
  offset?: [string, number];
  refusal?: string;
}

export const CLAIMS: Claim[] = [
  { day: 338, who: 'staff', cat: '差旅报销', reason: '广州客户门店巡检出差', lines: [['交通', 1260, '高铁往返'], ['住宿', 880, '酒店两晚'], ['出差补贴', 300, '三天补贴']], fate: 'paid', offset: ['adv:A', 2000] },
  { day: 330, who: 'lisi', cat: '日常报销', reason: '财务软件年费发票寄送', lines: [['通讯费', 68, '快递与电话费']], fate: 'paid' },
  { day: 300, who: 'demo', cat: '日常报销', reason: '春节客户答谢宴请', lines: [['业务招待费', 3680, '年会答谢晚宴']], fate: 'paid', offset: ['adv:B', 3000] },
  { day: 292, who: 'staff', cat: '项目报销', reason: '万达广场专柜安装现场耗材', lines: [['办公费', 420.5, '胶水、螺丝、保护膜'], ['市内交通费', 96, '打车往返']], fate: 'paid' },
  { day: 270, who: 'forStaff', cat: '差旅报销', reason: '代张三报销：成都展会布展', lines: [['交通', 1850, '机票往返'], ['住宿', 1350, '酒店三晚']], fate: 'paid', offset: ['adv:C', 3000] },
  { day: 262, who: 'staff', cat: '日常报销', reason: '客户拜访打车费', lines: [['市内交通费', 86.5, '往返客户门店']], fate: 'rejected', refusal: '缺少发票原件，请补齐后重新提交' },
  { day: 240, who: 'lisi', cat: '采购报销', reason: '财务部文具采购', lines: [['办公费', 356.8, '打印纸、文件夹、装订机']], fate: 'paid' },
  { day: 232, who: 'staff', cat: '项目报销', reason: '道具运输加急物流费', lines: [['运输物流费', 1200, '专车送货至杭州']], fate: 'paid', offset: ['adv:J', 1000] },
  { day: 212, who: 'demo', cat: '差旅报销', reason: '北京总部客户年度合同洽谈', lines: [['交通', 2460, '机票往返'], ['住宿', 2100, '酒店三晚'], ['业务招待费', 1800, '商务宴请']], fate: 'paid', offset: ['adv:D', 6000] },
  { day: 205, who: 'staff', cat: '日常报销', reason: '手机话费补贴', lines: [['通讯费', 150, '当月话费']], fate: 'withdrawn' },
  { day: 180, who: 'staff', cat: '差旅报销', reason: '深圳工厂验货', lines: [['交通', 640, '高铁往返'], ['住宿', 460, '酒店一晚']], fate: 'paid', offset: ['adv:E', 1100] },
  { day: 175, who: 'lisi', cat: '日常报销', reason: '银行对账往返交通', lines: [['市内交通费', 58, '地铁与打车']], fate: 'toPay' },
  { day: 150, who: 'forStaff', cat: '项目报销', reason: '代张三报销：商场专柜夜间施工餐费', lines: [['业务招待费', 560, '施工队夜宵']], fate: 'paid' },
  { day: 145, who: 'staff', cat: '采购报销', reason: '五金配件零星采购', lines: [['办公费', 980, '合页、拉手、灯带']], fate: 'rejected', refusal: '五金配件请走采购流程，由供应商开票' },
  { day: 120, who: 'demo', cat: '日常报销', reason: '办公室绿植与饮用水', lines: [['办公费', 760, '绿植租摆、桶装水']], fate: 'paid' },
  { day: 115, who: 'staff', cat: '差旅报销', reason: '上海展会出差', lines: [['交通', 553, '高铁往返'], ['住宿', 1200, '酒店两晚']], fate: 'toPay', offset: ['adv:F', 1500] },
  { day: 90, who: 'staff', cat: '项目报销', reason: '南京门店道具售后上门', lines: [['交通', 420, '高铁往返'], ['市内交通费', 75, '打车']], fate: 'paid', offset: ['adv:H', 495] },
  { day: 85, who: 'lisi', cat: '日常报销', reason: '税务申报资料打印', lines: [['办公费', 126, '打印装订']], fate: 'step1' },
  { day: 60, who: 'demo', cat: '差旅报销', reason: '香港展会考察', lines: [['交通', 3200, '机票往返'], ['住宿', 4200, '酒店三晚'], ['出差补贴', 600, '三天补贴']], fate: 'toPay', offset: ['adv:G', 6000] },
  { day: 55, who: 'staff', cat: '日常报销', reason: '客户样品快递费', lines: [['运输物流费', 236, '顺丰寄样品']], fate: 'toPay' },
  { day: 28, who: 'staff', cat: '项目报销', reason: '苏州中岛柜安装差旅', lines: [['交通', 380, '高铁往返'], ['住宿', 420, '酒店一晚'], ['出差补贴', 200, '两天补贴']], fate: 'step2', offset: ['adv:M', 1000] },
  { day: 24, who: 'forStaff', cat: '日常报销', reason: '代张三报销：客户拜访停车费', lines: [['市内交通费', 45, '商场停车']], fate: 'step1' },
  { day: 3, who: 'staff', cat: '差旅报销', reason: '武汉新店量尺', lines: [['交通', 720, '高铁往返'], ['住宿', 380, '酒店一晚']], fate: 'draft' },
  { day: 1, who: 'demo', cat: '日常报销', reason: '客户来访茶歇', lines: [['业务招待费', 420, '茶歇点心']], fate: 'draft' },
];

const FATES: Record<ClaimFate, Fate> = { draft: 'draft', step1: 'review', step2: 'review2', rejected: 'rejected', withdrawn: 'withdrawn', toPay: 'approved', paid: 'approved' };

/** The offset's 还款记录 line says the day the claim was approved (the effect writes the real today). */
async function dateOffsetLine(k: Kit, advanceCode: string, claimCode: string, date: string) {
  await sql`UPDATE records SET lines = (
      SELECT jsonb_agg(CASE WHEN l->>'sourceCode' = ${claimCode} THEN jsonb_set(l, '{repayDate}', to_jsonb(${date}::text)) ELSE l END ORDER BY n)
      FROM jsonb_array_elements(lines) WITH ORDINALITY AS x(l, n))
    WHERE tenant_code = ${k.ctx.tenant} AND module = 'advanceManage' AND code = ${advanceCode}`.execute(k.trx);
}

export function planClaims(k: Kit) {
  const depts = { staff: '业务部', demo: '总经办', lisi: '行政财务部' } as const;
  for (const [n, c] of CLAIMS.entries()) {
    const date = dateAgo(c.day);
    const applicantKey = c.who === 'forStaff' ? 'staff' : c.who;
    const applicant = k.people[applicantKey];
    const creator = c.who === 'forStaff' ? k.people.demo : applicant;
    const [bankName, bankCardNo] = CARDS[applicantKey];
    live(k, {
      module: 'reimburseManage', by: creator, day: c.day, minute: 40 + n, fate: FATES[c.fate], refusal: c.refusal,
      categoryId: k.cat('reimburseManage', c.cat),
      body: () => ({
        applicantId: applicant, deptId: k.dict('dept', depts[applicantKey]), applyDate: date, reason: c.reason,
        paymentMethod: k.dict('paymentMethod', '银行转账'), bankName, bankCardNo,
        ...(c.offset ? { advanceCode: k.refs.get(c.offset[0])!.code, offsetPrice: c.offset[1] } : {}),
        lines: c.lines.map(([type, price, description]) => ({
          expenseType: k.dict('expenseType', type), occurDate: date, price, description,
          invoiceType: k.dict('invoiceType', price > 1000 ? '增值税专用发票' : '电子发票'),
        })),
      }),
      actions: c.fate === 'paid' ? [{ day: c.day - 2, key: 'pay', values: () => ({ payDate: dateAgo(c.day - 2), payAccount: PAY_ACCOUNT }) }] : [],
      afterApproval: c.offset
        ? (kit, _id, code, when) => dateOffsetLine(kit, kit.refs.get(c.offset![0])!.code, code, new Date(when.getTime() + 8 * 3_600_000).toISOString().slice(0, 10))
        : undefined,
    });
  }
}
