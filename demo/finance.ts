// The money around the company's projects: prepayments to suppliers, factories, installers and carriers
// (预付), what it owes them once goods arrive or work is settled (应付, deducting a paid prepayment, which
// becomes 已核销), and what its customers owe it (应收, with 回款 registered by finance).
import type { Kit, Fate } from '../src/server/seed/story';
import { live, saved } from '../src/server/seed/story';
import { dateAgo } from '../src/server/seed/dates';
import { partnerOf } from './partners';
import { PAY_ACCOUNT } from './advances';

/** A source document's number (采购单, 外发单, …) of that day, as the other modules will number them. */
const sourceNo = (prefix: string, day: number, seq = 1) => `${prefix}${dateAgo(day).replace(/-/g, '')}${String(seq).padStart(4, '0')}`;

const partnerId = (k: Kit, key: string) => {
  const p = k.refs.get(`partner:${key}`);
  if (!p) throw new Error(`demo seed: partner ${key} used before it exists`);
  return p.id;
};

// ── 预付 ──────────────────────────────────────────────────────────────────────────────────────────────

interface Prepay {
  ref: string;
  partner: string;
  type: string;
  source?: ['采购单' | '外发单' | '安装单', string];
  contract: number;
  amount: number;
  day: number;
  /** Days ago it was planned to be paid (negative: still to come). */
  plan: number;
  fate: Fate;
  paid?: number;
  by: 'staff' | 'demo';
  reason: string;
  method?: string;
  refusal?: string;
}

const PREPAYS: Prepay[] = [
  { ref: 'pre:1', partner: 'senlin', type: '采购预付', source: ['采购单', 'CG'], contract: 36000, amount: 10800, day: 355, plan: 353, fate: 'approved', paid: 353, by: 'staff', reason: '金缘珠宝水贝旗舰店柜台板材备料，预付30%' },
  { ref: 'pre:2', partner: 'jinggong', type: '外协预付', source: ['外发单', 'WF'], contract: 68000, amount: 20400, day: 330, plan: 327, fate: 'approved', paid: 327, by: 'demo', reason: '臻彩化妆品华东12家专柜整件外发，预付30%' },
  { ref: 'pre:3', partner: 'suda', type: '物流预付', contract: 4800, amount: 4800, day: 318, plan: 317, fate: 'approved', paid: 317, by: 'staff', reason: '汇悦城中岛柜专车运输，款到发车' },
  { ref: 'pre:4', partner: 'minghui', type: '采购预付', source: ['采购单', 'CG'], contract: 12600, amount: 12600, day: 290, plan: 288, fate: 'approved', paid: 288, by: 'staff', reason: 'LED灯带及轨道射灯采购，款到发货' },
  { ref: 'pre:5', partner: 'anjia', type: '安装预付', source: ['安装单', 'AZ'], contract: 18000, amount: 5400, day: 262, plan: 260, fate: 'approved', paid: 260, by: 'staff', reason: '卓悦眼镜广州6店道具安装，预付30%' },
  { ref: 'pre:6', partner: 'huayi', type: '外协预付', source: ['外发单', 'WF'], contract: 15000, amount: 4500, day: 235, plan: 233, fate: 'approved', paid: 233, by: 'staff', reason: '福瑞祥珠宝北京店柜体喷漆外发，预付30%' },
  { ref: 'pre:7', partner: 'jingtou', type: '采购预付', source: ['采购单', 'CG'], contract: 9800, amount: 9800, day: 200, plan: 198, fate: 'approved', paid: 198, by: 'staff', reason: '化妆品展台亚克力件定制，款到发货' },
  { ref: 'pre:8', partner: 'tengyue', type: '安装预付', source: ['安装单', 'AZ'], contract: 42000, amount: 12600, day: 170, plan: 168, fate: 'approved', paid: 168, by: 'staff', reason: '博汇春季展特装展位搭建，预付30%' },
  { ref: 'pre:19', partner: 'yicai', type: '其他预付', contract: 5000, amount: 5000, day: 140, plan: 138, fate: 'rejected', by: 'staff', reason: '画面喷绘材料年度预付', refusal: '该供应商为月结，无需预付，请按月结对账付款' },
  { ref: 'pre:20', partner: 'jingtou', type: '采购预付', source: ['采购单', 'CG'], contract: 6000, amount: 3000, day: 100, plan: 98, fate: 'withdrawn', by: 'staff', reason: '亚克力灯箱面板定制，预付50%' },
  { ref: 'pre:9', partner: 'ruida', type: '外协预付', source: ['外发单', 'WF'], contract: 26000, amount: 7800, day: 60, plan: 58, fate: 'approved', paid: 58, by: 'demo', reason: '蓝海名表成都店金属展架外发，预付30%' },
  { ref: 'pre:10', partner: 'senlin', type: '采购预付', source: ['采购单', 'CG'], contract: 28000, amount: 8400, day: 40, plan: 38, fate: 'approved', paid: 38, by: 'staff', reason: '汇悦城二期中岛柜板材备料，预付30%' },
  { ref: 'pre:11', partner: 'deyun', type: '物流预付', contract: 6500, amount: 3000, day: 30, plan: 29, fate: 'approved', paid: 29, by: 'staff', reason: '锦绣天地专柜道具广州—杭州专线运输预付' },
  { ref: 'pre:12', partner: 'xinbo', type: '采购预付', source: ['采购单', 'CG'], contract: 8600, amount: 4300, day: 25, plan: 24, fate: 'approved', paid: 24, by: 'staff', reason: '珠宝柜台超白玻璃定制，预付50%' },
  { ref: 'pre:13', partner: 'jinggong', type: '外协预付', source: ['外发单', 'WF'], contract: 85000, amount: 25500, day: 20, plan: 18, fate: 'approved', paid: 18, by: 'demo', reason: '金缘珠宝华南8店柜台整件外发，预付30%', method: '承兑汇票' },
  { ref: 'pre:14', partner: 'gumei', type: '采购预付', source: ['采购单', 'CG'], contract: 7200, amount: 2160, day: 10, plan: 8, fate: 'approved', by: 'staff', reason: '高柜铰链、滑轨批量备货，预付30%' },
  { ref: 'pre:15', partner: 'anjia', type: '安装预付', source: ['安装单', 'AZ'], contract: 12000, amount: 3600, day: 8, plan: 5, fate: 'approved', by: 'staff', reason: '雅诗澜广州快闪店道具安装，预付30%' },
  { ref: 'pre:16', partner: 'yaqi', type: '采购预付', source: ['采购单', 'CG'], contract: 9000, amount: 4500, day: 6, plan: 3, fate: 'approved', by: 'staff', reason: '钢琴烤漆面漆备货，预付50%' },
  { ref: 'pre:17', partner: 'huayi', type: '外协预付', source: ['外发单', 'WF'], contract: 40000, amount: 12000, day: 4, plan: 1, fate: 'review2', by: 'staff', reason: '博汇冬季展道具喷漆外发，预付30%' },
  { ref: 'pre:18', partner: 'jiecheng', type: '物流预付', contract: 3200, amount: 3200, day: 3, plan: 1, fate: 'review', by: 'staff', reason: '成都蓝海门店道具专车运输，款到发车' },
  { ref: 'pre:21', partner: 'tengyue', type: '安装预付', source: ['安装单', 'AZ'], contract: 36000, amount: 10800, day: 2, plan: -5, fate: 'draft', by: 'staff', reason: '博汇冬季展特装展位搭建，预付30%' },
  { ref: 'pre:22', partner: 'gumei', type: '采购预付', source: ['采购单', 'CG'], contract: 10000, amount: 3000, day: 1, plan: -3, fate: 'draft', by: 'staff', reason: '拉手、锁具备货，预付30%' },
];

function planPrepays(k: Kit) {
  for (const [i, p] of PREPAYS.entries()) {
    const partner = partnerOf(p.partner);
    live(k, {
      ref: p.ref, module: 'financialPrepay', by: k.people[p.by], day: p.day, minute: 20 + i * 2, fate: p.fate, refusal: p.refusal,
      categoryId: k.cat('financialPrepay', p.type),
      body: () => ({
        partnerId: partnerId(k, p.partner), prepayType: k.dict('prepayType', p.type),
        ...(p.source ? { sourceType: p.source[0], sourceCode: sourceNo(p.source[1], p.day) } : {}),
        contractPrice: p.contract, advancePaidPrice: p.amount, planPayDate: dateAgo(p.plan),
        paymentMethod: k.dict('paymentMethod', p.method ?? '银行转账'), bankName: partner.bank[0], bankAccount: partner.bank[1], reason: p.reason,
      }),
      actions: p.paid !== undefined ? [{ day: p.paid, key: 'pay', hour: 14, values: () => ({ payDate: dateAgo(p.paid!), payAccount: PAY_ACCOUNT }) }] : [],
    });
  }
}

// ── 应付 ──────────────────────────────────────────────────────────────────────────────────────────────

interface Payable {
  partner: string;
  type: string;
  source: ['采购入库' | '外发单' | '安装结算' | '发货单', string];
  day: number;
  /** Days after registering it falls due. */
  term: number;
  invoice: string;
  prepay?: string;
  /** 品名, 数量, 单价, 物流费. */
  lines: [string, number, number, number?][];
  remark?: string;
}

const PAYABLES: Payable[] = [
  { partner: 'senlin', type: '材料款', source: ['采购入库', 'RK'], day: 340, term: 30, invoice: '增值税专用发票', prepay: 'pre:1', lines: [['18mm 多层板（E0级）', 300, 88], ['15mm E0 密度板', 200, 48]] },
  { partner: 'gumei', type: '材料款', source: ['采购入库', 'RK'], day: 325, term: 0, invoice: '增值税专用发票', lines: [['缓冲铰链', 400, 6.5], ['三节滑轨 18寸', 150, 22], ['铝合金拉手', 200, 9]] },
  { partner: 'suda', type: '物流费', source: ['发货单', 'FH'], day: 312, term: 30, invoice: '增值税专用发票', prepay: 'pre:3', lines: [['深圳—汇悦城 专车运输', 3, 1600]] },
  { partner: 'yaqi', type: '材料款', source: ['采购入库', 'RK'], day: 305, term: 30, invoice: '增值税专用发票', lines: [['PU 白色哑光面漆', 40, 210], ['PU 固化剂', 40, 65], ['稀释剂', 20, 45]] },
  { partner: 'jinggong', type: '外协加工费', source: ['外发单', 'WF'], day: 300, term: 30, invoice: '增值税专用发票', prepay: 'pre:2', lines: [['化妆品专柜背柜', 12, 3800], ['化妆品中岛柜', 12, 1800, 800]], remark: '臻彩化妆品华东12家专柜' },
  { partner: 'minghui', type: '材料款', source: ['采购入库', 'RK'], day: 283, term: 0, invoice: '增值税普通发票', prepay: 'pre:4', lines: [['LED 硬灯条 4000K', 600, 12], ['12W 轨道射灯', 120, 45]] },
  { partner: 'deyun', type: '物流费', source: ['发货单', 'FH'], day: 270, term: 30, invoice: '增值税专用发票', lines: [['广州—北京 专线运输', 2, 2300]] },
  { partner: 'anjia', type: '安装费', source: ['安装结算', 'AJ'], day: 240, term: 15, invoice: '增值税普通发票', prepay: 'pre:5', lines: [['卓悦眼镜门店道具安装', 6, 2500], ['夜间施工补贴', 6, 500]] },
  { partner: 'yicai', type: '材料款', source: ['采购入库', 'RK'], day: 228, term: 30, invoice: '增值税普通发票', lines: [['户外灯箱片', 180, 38], ['背胶PP纸', 120, 22]] },
  { partner: 'huayi', type: '外协加工费', source: ['外发单', 'WF'], day: 215, term: 30, invoice: '增值税专用发票', prepay: 'pre:6', lines: [['柜体钢琴烤漆（平方米）', 60, 180], ['柜体哑光烤漆（平方米）', 35, 120]], remark: '福瑞祥珠宝北京店' },
  { partner: 'xinbo', type: '材料款', source: ['采购入库', 'RK'], day: 200, term: 0, invoice: '增值税专用发票', lines: [['8mm 超白钢化玻璃（平方米）', 45, 160], ['5mm 银镜（平方米）', 20, 95]] },
  { partner: 'jingtou', type: '材料款', source: ['采购入库', 'RK'], day: 185, term: 0, invoice: '增值税专用发票', prepay: 'pre:7', lines: [['亚克力展台（定制）', 20, 380], ['亚克力标牌', 50, 44]] },
  { partner: 'suda', type: '物流费', source: ['发货单', 'FH'], day: 165, term: 30, invoice: '增值税专用发票', lines: [['深圳—杭州 整车运输', 1, 5200], ['送货上楼及就位安装', 1, 800]] },
  { partner: 'tengyue', type: '安装费', source: ['安装结算', 'AJ'], day: 150, term: 30, invoice: '增值税专用发票', prepay: 'pre:8', lines: [['春季展特装展位搭建', 1, 38000], ['展后拆除清运', 1, 4000]], remark: '上海博汇春季展' },
  { partner: 'ruida', type: '外协加工费', source: ['外发单', 'WF'], day: 130, term: 30, invoice: '增值税专用发票', lines: [['不锈钢展架', 40, 420], ['钛金收边条（米）', 300, 18]] },
  { partner: 'senlin', type: '材料款', source: ['采购入库', 'RK'], day: 110, term: 30, invoice: '增值税专用发票', lines: [['18mm 多层板（E0级）', 200, 90], ['18mm 颗粒板', 100, 62]] },
  { partner: 'gumei', type: '材料款', source: ['采购入库', 'RK'], day: 90, term: 0, invoice: '增值税专用发票', lines: [['液压撑杆', 100, 18], ['指纹柜锁', 20, 260]] },
  { partner: 'jinggong', type: '外协加工费', source: ['外发单', 'WF'], day: 70, term: 30, invoice: '增值税专用发票', lines: [['珠宝高柜', 8, 4200, 1200]], remark: '福瑞祥珠宝华北门店' },
  { partner: 'jiecheng', type: '物流费', source: ['发货单', 'FH'], day: 50, term: 0, invoice: '增值税普通发票', lines: [['深圳—成都 专线运输', 1, 3600]] },
  { partner: 'yaqi', type: '材料款', source: ['采购入库', 'RK'], day: 35, term: 30, invoice: '增值税专用发票', lines: [['PU 白色哑光面漆', 30, 215], ['PU 底漆', 30, 180]] },
  { partner: 'anjia', type: '安装费', source: ['安装结算', 'AJ'], day: 20, term: 15, invoice: '增值税普通发票', lines: [['汇悦城二期中岛柜安装', 4, 1500]] },
  { partner: 'deyun', type: '物流费', source: ['发货单', 'FH'], day: 12, term: 30, invoice: '增值税专用发票', lines: [['广州—杭州 专线运输', 3, 1200]] },
];

const round2 = (n: number) => Math.round(n * 100) / 100;

function planPayables(k: Kit) {
  for (const [i, p] of PAYABLES.entries()) {
    saved(k, {
      ref: `pay:${i}`,
      module: 'financialPayables', by: k.people.lisi, day: p.day, minute: 300 + i, categoryId: k.cat('financialPayables', p.type),
      body: () => ({
        partnerId: partnerId(k, p.partner), payableType: k.dict('payableType', p.type),
        sourceType: p.source[0], sourceCode: sourceNo(p.source[1], p.day, 1 + (i % 3)),
        invoiceType: k.dict('invoiceType', p.invoice), dueDate: dateAgo(p.day - p.term),
        ...(p.prepay ? { prepayCode: k.refs.get(p.prepay)!.code } : {}),
        ...(p.remark ? { remark: p.remark } : {}),
        lines: p.lines.map(([itemName, quantity, unitPrice, logisticsPrice]) => ({
          itemName, quantity, unitPrice, contractPrice: round2(quantity * unitPrice),
          ...(logisticsPrice ? { logisticsPrice } : {}),
          payablePrice: round2(quantity * unitPrice + (logisticsPrice ?? 0)),
        })),
      }),
    });
  }
}

// ── 应收 ──────────────────────────────────────────────────────────────────────────────────────────────

interface Receivable {
  customer: string;
  income: string;
  source?: ['销售单' | '道具结算' | '项目' | '售后', string];
  contract: number;
  advance?: number;
  day: number;
  due: number;
  by: 'staff' | 'demo';
  invoice: '未开票' | '部分开票' | '已开票';
  what: string;
  fate: Fate;
  refusal?: string;
  /** 回款: days ago, amount, payment method. */
  collected?: [number, number, string?][];
}

const RECEIVABLES: Receivable[] = [
  { customer: 'jinyuan', income: '尾款', source: ['道具结算', 'JS'], contract: 86000, advance: 25800, day: 345, due: 315, by: 'staff', invoice: '已开票', what: '水贝旗舰店柜台道具结算', fate: 'approved', collected: [[320, 30000], [300, 30200]] },
  { customer: 'huiyue', income: '尾款', source: ['道具结算', 'JS'], contract: 42000, day: 300, due: 270, by: 'staff', invoice: '已开票', what: '中岛柜6组道具结算', fate: 'approved', collected: [[262, 42000]] },
  { customer: 'zhencai', income: '进度款', source: ['项目', 'XM'], contract: 156000, advance: 46800, day: 290, due: 260, by: 'demo', invoice: '已开票', what: '华东12家专柜道具项目进度款', fate: 'approved', collected: [[270, 60000], [240, 49200, '承兑汇票']] },
  { customer: 'zhuoyue', income: '尾款', source: ['道具结算', 'JS'], contract: 54000, advance: 16200, day: 235, due: 205, by: 'staff', invoice: '已开票', what: '广州6店眼镜陈列道具结算', fate: 'approved', collected: [[200, 37800]] },
  { customer: 'furui', income: '进度款', source: ['项目', 'XM'], contract: 98000, advance: 29400, day: 205, due: 175, by: 'demo', invoice: '已开票', what: '北京王府井店柜体道具进度款', fate: 'approved', collected: [[180, 40000], [150, 28600]] },
  { customer: 'zhuoyue', income: '质保金', source: ['道具结算', 'JS'], contract: 2700, day: 200, due: -25, by: 'staff', invoice: '未开票', what: '广州6店道具质保金（5%，质保期满后收取）', fate: 'approved' },
  { customer: 'bohui', income: '尾款', source: ['项目', 'XM'], contract: 88000, advance: 26400, day: 145, due: 115, by: 'staff', invoice: '已开票', what: '春季展特装展位结算', fate: 'approved', collected: [[120, 61600]] },
  { customer: 'jinxiu', income: '尾款', source: ['道具结算', 'JS'], contract: 32000, day: 120, due: 90, by: 'staff', invoice: '已开票', what: '锦绣天地专柜道具结算，客户以资金审批为由拖延', fate: 'approved' },
  { customer: 'jinxiu', income: '售后收费', source: ['售后', 'SH'], contract: 3800, day: 100, due: 90, by: 'staff', invoice: '已开票', what: '专柜道具维修（超出质保）', fate: 'approved', collected: [[95, 3800, '微信']] },
  { customer: 'bohui', income: '进度款', source: ['项目', 'XM'], contract: 76000, advance: 22800, day: 95, due: 45, by: 'staff', invoice: '已开票', what: '夏季展特装展位进度款', fate: 'approved', collected: [[75, 30000]] },
  { customer: 'furui', income: '进度款', source: ['项目', 'XM'], contract: 120000, advance: 36000, day: 80, due: 30, by: 'demo', invoice: '部分开票', what: '华北5店柜台道具进度款', fate: 'approved', collected: [[60, 40000]] },
  { customer: 'zhencai', income: '进度款', source: ['项目', 'XM'], contract: 98000, advance: 29400, day: 70, due: -15, by: 'demo', invoice: '部分开票', what: '华南8家专柜道具项目进度款', fate: 'approved', collected: [[40, 30000]] },
  { customer: 'jinyuan', income: '售后收费', source: ['售后', 'SH'], contract: 1600, day: 60, due: 30, by: 'staff', invoice: '已开票', what: '柜台灯光维修', fate: 'approved' },
  { customer: 'huiyue', income: '定金/预收款', source: ['项目', 'XM'], contract: 16800, day: 50, due: 40, by: 'staff', invoice: '已开票', what: '二期中岛柜4套定金（30%）', fate: 'approved', collected: [[45, 16800]] },
  { customer: 'jinxiu', income: '售后收费', source: ['售后', 'SH'], contract: 8500, day: 35, due: 5, by: 'staff', invoice: '未开票', what: '专柜改造追加项', fate: 'withdrawn' },
  { customer: 'jinyuan', income: '进度款', source: ['道具结算', 'JS'], contract: 168000, advance: 50400, day: 25, due: -35, by: 'staff', invoice: '部分开票', what: '华南8店柜台道具进度款', fate: 'approved', collected: [[10, 50000]] },
  { customer: 'yashilan', income: '定金/预收款', source: ['销售单', 'XS'], contract: 18000, day: 20, due: 10, by: 'staff', invoice: '未开票', what: '广州快闪店道具', fate: 'rejected', refusal: '合同尚未签回，请补充合同扫描件后重新提交' },
  { customer: 'lanhai', income: '定金/预收款', source: ['项目', 'XM'], contract: 25000, day: 15, due: -5, by: 'demo', invoice: '未开票', what: '成都店道具定金', fate: 'approved' },
  { customer: 'huiyue', income: '尾款', source: ['道具结算', 'JS'], contract: 56000, advance: 16800, day: 5, due: -25, by: 'staff', invoice: '已开票', what: '二期中岛柜4套结算', fate: 'review' },
  { customer: 'lanhai', income: '进度款', source: ['项目', 'XM'], contract: 35000, day: 3, due: -20, by: 'demo', invoice: '未开票', what: '成都店道具进度款（第二期）', fate: 'review' },
  { customer: 'yashilan', income: '定金/预收款', source: ['销售单', 'XS'], contract: 5400, day: 2, due: -7, by: 'staff', invoice: '未开票', what: '广州快闪店道具定金（30%）', fate: 'draft' },
  { customer: 'bohui', income: '定金/预收款', source: ['项目', 'XM'], contract: 30000, day: 1, due: -14, by: 'staff', invoice: '未开票', what: '冬季展特装展位定金', fate: 'draft' },
];

function planReceivables(k: Kit) {
  for (const [i, r] of RECEIVABLES.entries()) {
    live(k, {
      module: 'financialReceivable', by: k.people[r.by], day: r.day, minute: 200 + i * 2, fate: r.fate, refusal: r.refusal,
      categoryId: k.cat('financialReceivable', r.income),
      body: () => ({
        customerId: partnerId(k, r.customer), incomeType: k.dict('incomeType', r.income),
        ...(r.source ? { sourceType: r.source[0], sourceCode: sourceNo(r.source[1], r.day) } : {}),
        managerId: k.people[r.by], dueDate: dateAgo(r.due), contractPrice: r.contract,
        ...(r.advance ? { advancePaidPrice: r.advance } : {}),
        invoiceStage: r.invoice, remark: r.what,
      }),
      actions: (r.collected ?? []).map(([day, price, method]) => ({
        day, key: 'collect', hour: 15, values: () => ({
          receiveDate: dateAgo(day), receivePrice: price, receiveMethod: k.dict('paymentMethod', method ?? '银行转账'),
          ...(method === '微信' ? {} : { receiveAccount: PAY_ACCOUNT }),
        }),
      })),
    });
  }
}

// ── 付款申请 ────────────────────────────────────────────────────────────────────────────────────────────

/** What a payable still owes when it is registered: its lines, less the prepayment it deducts. */
function openBalance(p: Payable) {
  const total = p.lines.reduce((s, [, q, u, l]) => s + round2(q * u + (l ?? 0)), 0);
  const pre = p.prepay ? PREPAYS.find((x) => x.ref === p.prepay)?.amount ?? 0 : 0;
  return round2(total - pre);
}

/**
 * Payment requests against the payables (付款申请, the payables page's second entity): paid in full, in
 * instalments, or still on their way (under review, refused, withdrawn, a draft), so 应付 shows 未付款, 部分付款
 * and 已付清. Each is filed by 李四 a little after its payable falls due and approved by the owner.
 */
function planPaymentRequests(k: Kit) {
  const method = (name: string) => k.dict('paymentMethod', name);
  PAYABLES.forEach((p, i) => {
    const balance = openBalance(p);
    if (balance <= 0) return;
    const due = Math.max(1, p.day - p.term);
    const file = (part: number, day: number, fate: Fate, note: string, refusal?: string) => live(k, {
      module: 'financialPayablesRequest', by: k.people.lisi, day, minute: 400 + i, fate, refusal,
      body: () => ({
        payableCode: k.refs.get(`pay:${i}`)!.code, applicantId: k.people.lisi, amount: round2(balance * part),
        payDate: dateAgo(day), paymentMethod: method(i % 4 === 3 ? '承兑汇票' : '银行转账'), reason: note,
      }),
    });
    const when = (d: number) => Math.max(0, d);
    switch (i % 5) {
      case 0: file(1, when(due - 2), 'approved', '按合同付清货款'); break;
      case 1: file(0.5, when(due - 2), 'approved', '先付50%，余款验收后支付'); break;
      case 2:
        file(0.3, when(due - 2), 'approved', '首期付款30%');
        file(0.3, when(due - 20), p.day > 60 ? 'approved' : 'review', '二期付款30%');
        break;
      case 3: file(1, when(due - 1), p.day > 100 ? 'approved' : 'review', '对账无误，申请付清'); break;
      default: {
        const fates: Fate[] = ['rejected', 'withdrawn', 'draft', 'review2'];
        const fate = fates[Math.floor(i / 5) % fates.length];
        file(0.5, when(due - 1), fate, '申请支付部分货款', fate === 'rejected' ? '发票未到，请收到发票后再申请' : undefined);
      }
    }
  });
}

export function planFinance(k: Kit) {
  planPrepays(k);
  planPayables(k);
  planPaymentRequests(k);
  planReceivables(k);
}
