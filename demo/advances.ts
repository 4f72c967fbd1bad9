// A year of staff advances (借支) in every status and stage: most are cleared by the claims that offset them
// (reimburse.ts), some in cash or through payroll; 王强, an installer who has since left, still owes part of
// his and is overdue. Advances with a balance past their expected repayment date block new ones of the same
// person, so the story only lets such a balance stand where nobody files after it.
import type { Kit, Fate, People } from '../src/server/seed/story';
import { live } from '../src/server/seed/story';
import { dateAgo } from '../src/server/seed/dates';

type Who = keyof People;

/** Each person's salary card, used on their advances and claims. */
export const CARDS: Record<Who, [bank: string, card: string]> = {
  demo: ['招商银行深圳科技园支行', '6225880137650001'],
  staff: ['招商银行深圳科技园支行', '6225880137650016'],
  lisi: ['招商银行深圳科技园支行', '6225880137650023'],
  wang: ['中国建设银行深圳宝安支行', '6217003320001234567'],
};

export const PAY_ACCOUNT = '招商银行基本户 尾号 6688';

interface Advance {
  ref: string;
  who: Who;
  type: string;
  price: number;
  reason: string;
  /** Days ago it was filed. */
  day: number;
  /** Days ago it was due back (negative: still to come); a month after filing unless said. */
  due?: number;
  repay: '报销冲抵' | '现金归还' | '工资扣回';
  fate: Fate;
  refusal?: string;
  /** Days ago it was paid out. */
  paid?: number;
  /** Repayments in cash or through payroll: days ago, how, amount. */
  repaid?: [number, '现金归还' | '工资扣回', number][];
  remark?: string;
}

export const ADVANCES: Advance[] = [
  { ref: 'adv:A', who: 'staff', type: '差旅借支', price: 2000, reason: '广州客户门店巡检差旅借支', day: 352, repay: '报销冲抵', fate: 'approved', paid: 350 },
  { ref: 'adv:I', who: 'lisi', type: '备用金', price: 3000, reason: '财务部备用金（零星采购、快递费）', day: 345, due: 183, repay: '现金归还', fate: 'approved', paid: 344, repaid: [[185, '现金归还', 3000]], remark: '半年度备用金清理时交回' },
  { ref: 'adv:B', who: 'demo', type: '备用金', price: 3000, reason: '春节客户答谢宴请备用金', day: 310, repay: '报销冲抵', fate: 'approved', paid: 308 },
  { ref: 'adv:C', who: 'staff', type: '差旅借支', price: 3000, reason: '成都展会布展差旅借支', day: 282, repay: '报销冲抵', fate: 'approved', paid: 280 },
  { ref: 'adv:S', who: 'staff', type: '差旅借支', price: 2500, reason: '广州客户门店复查差旅借支', day: 268, repay: '报销冲抵', fate: 'rejected', refusal: '行程费用不多，请先垫付后走报销' },
  { ref: 'adv:J', who: 'staff', type: '采购借支', price: 1000, reason: '杭州专柜道具加急物流费借支', day: 236, repay: '报销冲抵', fate: 'approved', paid: 234 },
  { ref: 'adv:D', who: 'demo', type: '差旅借支', price: 6000, reason: '北京客户年度合同洽谈差旅借支', day: 222, repay: '报销冲抵', fate: 'approved', paid: 220 },
  { ref: 'adv:U', who: 'staff', type: '差旅借支', price: 1200, reason: '东莞工厂跟单差旅借支', day: 205, repay: '报销冲抵', fate: 'withdrawn' },
  { ref: 'adv:E', who: 'staff', type: '项目借支', price: 1500, reason: '深圳工厂验货借支', day: 190, repay: '报销冲抵', fate: 'approved', paid: 188, repaid: [[176, '现金归还', 400]] },
  { ref: 'adv:T', who: 'lisi', type: '工资预支', price: 5000, reason: '家中装修，预支工资', day: 178, repay: '工资扣回', fate: 'rejected', refusal: '工资预支单次不超过3000元，请调整金额后重新提交' },
  { ref: 'adv:K', who: 'wang', type: '项目借支', price: 3000, reason: '杭州锦绣天地专柜安装差旅借支', day: 150, repay: '报销冲抵', fate: 'approved', paid: 148, repaid: [[118, '现金归还', 800]] },
  { ref: 'adv:L', who: 'lisi', type: '工资预支', price: 2000, reason: '家中急用，预支工资', day: 130, due: 70, repay: '工资扣回', fate: 'approved', paid: 128, repaid: [[100, '工资扣回', 1000], [70, '工资扣回', 1000]], remark: '分两个月从工资扣回' },
  { ref: 'adv:F', who: 'staff', type: '差旅借支', price: 1500, reason: '上海展会出差借支', day: 125, repay: '报销冲抵', fate: 'approved', paid: 123 },
  { ref: 'adv:H', who: 'staff', type: '备用金', price: 2000, reason: '业务部备用金（门店售后零星开支）', day: 94, due: -40, repay: '报销冲抵', fate: 'approved', paid: 92, remark: '年底前报销冲抵或交回' },
  { ref: 'adv:G', who: 'demo', type: '差旅借支', price: 10000, reason: '香港展会考察差旅借支', day: 70, due: -20, repay: '报销冲抵', fate: 'approved', paid: 68 },
  { ref: 'adv:M', who: 'staff', type: '项目借支', price: 8000, reason: '苏州中岛柜安装项目借支', day: 45, due: -30, repay: '报销冲抵', fate: 'approved', paid: 43 },
  { ref: 'adv:N', who: 'demo', type: '项目借支', price: 20000, reason: '成都蓝海名表门店项目现场费用', day: 12, due: -45, repay: '报销冲抵', fate: 'approved' },
  { ref: 'adv:O', who: 'staff', type: '差旅借支', price: 1500, reason: '武汉新店量尺差旅借支', day: 8, due: -22, repay: '报销冲抵', fate: 'approved' },
  { ref: 'adv:R', who: 'demo', type: '差旅借支', price: 4000, reason: '深圳国际珠宝展参展差旅借支', day: 5, due: -25, repay: '报销冲抵', fate: 'review' },
  { ref: 'adv:Q', who: 'staff', type: '采购借支', price: 3000, reason: '展会物料紧急采购借支', day: 4, due: -26, repay: '报销冲抵', fate: 'review2' },
  { ref: 'adv:P', who: 'staff', type: '备用金', price: 1000, reason: '业务部备用金补充', day: 2, due: -60, repay: '现金归还', fate: 'review' },
  { ref: 'adv:V', who: 'staff', type: '项目借支', price: 6000, reason: '万达广场新店道具安装现场费用', day: 2, due: -28, repay: '报销冲抵', fate: 'draft' },
  { ref: 'adv:W', who: 'demo', type: '备用金', price: 2000, reason: '总经办备用金', day: 1, due: -90, repay: '现金归还', fate: 'draft' },
];

export function planAdvances(k: Kit) {
  for (const [i, a] of ADVANCES.entries()) {
    const [bankName, bankCardNo] = CARDS[a.who];
    live(k, {
      ref: a.ref, module: 'advanceManage', by: k.people[a.who], day: a.day, minute: 15 + i * 3, fate: a.fate, refusal: a.refusal,
      categoryId: k.cat('advanceManage', a.type),
      body: () => ({
        applicantId: k.people[a.who], advanceType: k.dict('advanceType', a.type), loanPrice: a.price,
        expectedRepayDate: dateAgo(a.due ?? a.day - 30), repayMethod: a.repay, bankName, bankCardNo, reason: a.reason,
        ...(a.remark ? { remark: a.remark } : {}),
      }),
      actions: [
        ...(a.paid !== undefined ? [{ day: a.paid, key: 'pay', values: () => ({ payDate: dateAgo(a.paid!), payAccount: PAY_ACCOUNT }) }] : []),
        ...(a.repaid ?? []).map(([day, way, price]) => ({ day, key: 'repay', hour: 16, values: () => ({ repayDate: dateAgo(day), repayWay: way, repayPrice: price }) })),
      ],
    });
  }
}
