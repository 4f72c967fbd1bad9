// The demo company's partners: customers (brands and shopping centres whose counters and stands it builds),
// material suppliers, outsourcing factories, installers and carriers, each with a valid 统一社会信用代码
// (both check characters computed), a bank account and contacts. Partners the finance story uses are named
// by their key (kit.refs 'partner:<key>').
import type { Kit } from '../src/server/seed/story';
import { saved } from '../src/server/seed/story';

type Owner = 'demo' | 'staff' | 'lisi';

interface Partner {
  key: string;
  name: string;
  types: string[];
  /** Administrative division code of the registration (6 digits). */
  region: string;
  /** Four characters of the organisation code. */
  tag: string;
  contact: [name: string, post: string, phone: string];
  level?: string;
  settlement: string;
  invoice: string;
  bank: [name: string, account: string];
  owner: Owner;
  address: string;
  /** More contacts: name, post, mobile, email. */
  more?: [string, string, string, string][];
  remark?: string;
  /** Days ago the partner was added. */
  since: number;
}

export const PARTNERS: Partner[] = [
  // Customers
  { key: 'jinyuan', name: '金缘珠宝集团有限公司', types: ['客户'], region: '440303', tag: 'D2KQ', contact: ['陈丽华', '采购经理', '13926581234'], level: '战略客户', settlement: '月结', invoice: '增值税专用发票', bank: ['中国工商银行深圳水贝支行', '4000023409200587621'], owner: 'staff', address: '深圳市罗湖区水贝二路18号金缘珠宝大厦12楼', more: [['徐志远', '陈列主管', '13926587750', 'xuzy@jinyuan-jewelry.com']], remark: '华南门店柜台年度合作，按门店下单', since: 366 },
  { key: 'zhencai', name: '臻彩化妆品（上海）有限公司', types: ['客户'], region: '310106', tag: 'E7LM', contact: ['林晓雯', '陈列经理', '13817726655'], level: '重点客户', settlement: '预付+尾款', invoice: '增值税专用发票', bank: ['招商银行上海南京西路支行', '121909872310801'], owner: 'demo', address: '上海市静安区南京西路1788号国际大厦23楼', more: [['沈佳怡', '采购专员', '13916625580', 'shenjy@zhencai-cosmetics.cn']], since: 364 },
  { key: 'huiyue', name: '深圳汇悦城商业管理有限公司', types: ['客户'], region: '440305', tag: 'F3RT', contact: ['赵建国', '工程部经理', '0755-86329088'], level: '重点客户', settlement: '按进度结算', invoice: '增值税专用发票', bank: ['中国建设银行深圳南山支行', '44250100003600002468'], owner: 'staff', address: '深圳市南山区海德三道188号汇悦城商业广场管理处', more: [['李婷', '招商主管', '13802937741', 'liting@huiyue-mall.com']], since: 362 },
  { key: 'jinxiu', name: '杭州锦绣天地购物中心有限公司', types: ['客户'], region: '330102', tag: 'G8UW', contact: ['王海涛', '招商运营主管', '13588062231'], level: '普通客户', settlement: '按进度结算', invoice: '增值税普通发票', bank: ['中国银行杭州庆春支行', '366158392211'], owner: 'staff', address: '杭州市上城区庆春路118号锦绣天地购物中心', since: 335 },
  { key: 'zhuoyue', name: '广州卓悦眼镜连锁有限公司', types: ['客户'], region: '440106', tag: 'H5XY', contact: ['黄嘉欣', '门店拓展经理', '13802256678'], level: '重点客户', settlement: '月结', invoice: '增值税专用发票', bank: ['广发银行广州天河支行', '9550880201234500188'], owner: 'staff', address: '广州市天河区天河路208号粤海天河城大厦9楼', since: 330 },
  { key: 'furui', name: '北京福瑞祥珠宝有限公司', types: ['客户'], region: '110101', tag: 'J6AB', contact: ['刘振宇', '渠道总监', '13910086234'], level: '战略客户', settlement: '预付+尾款', invoice: '增值税专用发票', bank: ['交通银行北京王府井支行', '110060149018800012345'], owner: 'demo', address: '北京市东城区王府井大街138号福瑞祥大厦6层', more: [['马丽', '工程经理', '13911203345', 'mali@furuixiang.com.cn']], since: 305 },
  { key: 'lanhai', name: '成都蓝海名表贸易有限公司', types: ['客户'], region: '510104', tag: 'K9CD', contact: ['杨帆', '店务经理', '13881912345'], level: '普通客户', settlement: '预付+尾款', invoice: '增值税普通发票', bank: ['成都银行春熙路支行', '1001300000987654'], owner: 'demo', address: '成都市锦江区春熙路西段9号蓝海名表中心', since: 186 },
  { key: 'bohui', name: '上海博汇会展服务有限公司', types: ['客户'], region: '310115', tag: 'L4EF', contact: ['周敏', '项目经理', '13601887745'], level: '重点客户', settlement: '按进度结算', invoice: '增值税专用发票', bank: ['上海浦东发展银行张江支行', '97160078801600001122'], owner: 'staff', address: '上海市浦东新区龙阳路2345号新国际博览中心办公楼', remark: '展会特装展位与品牌快闪道具', since: 272 },
  { key: 'yashilan', name: '雅诗澜化妆品（广州）有限公司', types: ['客户'], region: '440104', tag: 'M2GH', contact: ['吴倩', '市场专员', '13697452210'], level: '潜在客户', settlement: '现结', invoice: '电子发票', bank: ['中国农业银行广州越秀支行', '44035001040012345'], owner: 'staff', address: '广州市越秀区环市东路362号好世界广场18楼', remark: '快闪店道具，首次合作', since: 62 },
  // Suppliers
  { key: 'senlin', name: '东莞市森林板材有限公司', types: ['供应商'], region: '441900', tag: 'N3JK', contact: ['李国强', '销售经理', '13829201188'], settlement: '月结', invoice: '增值税专用发票', bank: ['东莞农村商业银行厚街支行', '160010190010012345'], owner: 'demo', address: '东莞市厚街镇家具大道168号', remark: '多层板、E0密度板、颗粒板', since: 368 },
  { key: 'gumei', name: '佛山市顺德区固美五金制品有限公司', types: ['供应商'], region: '440606', tag: 'P7LN', contact: ['梁志明', '业务员', '13923113456'], settlement: '货到付款', invoice: '增值税专用发票', bank: ['顺德农村商业银行乐从支行', '801101000345678901'], owner: 'demo', address: '佛山市顺德区乐从镇五金城C区12号', remark: '铰链、滑轨、拉手、锁具', since: 367 },
  { key: 'jingtou', name: '深圳市晶透亚克力制品有限公司', types: ['供应商'], region: '440306', tag: 'Q5PR', contact: ['何文杰', '销售经理', '13714452789'], settlement: '预付+尾款', invoice: '增值税专用发票', bank: ['中国银行深圳宝安支行', '768370123456'], owner: 'staff', address: '深圳市宝安区石岩街道塘头工业区8栋', since: 360 },
  { key: 'minghui', name: '中山市古镇明辉灯饰有限公司', types: ['供应商'], region: '442000', tag: 'R8TU', contact: ['冯晓明', '业务经理', '13549903321'], settlement: '现结', invoice: '增值税普通发票', bank: ['中山农村商业银行古镇支行', '80020000123456789'], owner: 'demo', address: '中山市古镇镇东岸北路灯饰城B座', remark: 'LED灯带、射灯，款到发货', since: 333 },
  { key: 'yicai', name: '广州市艺彩喷绘材料有限公司', types: ['供应商'], region: '440111', tag: 'T6WX', contact: ['蔡丽', '客服主管', '020-86324455'], settlement: '月结', invoice: '增值税普通发票', bank: ['中国工商银行广州白云支行', '3602001109200012345'], owner: 'staff', address: '广州市白云区广园中路312号', since: 300 },
  { key: 'yaqi', name: '深圳市雅漆涂料有限公司', types: ['供应商'], region: '440307', tag: 'U3YA', contact: ['郑伟', '技术服务', '13632587410'], settlement: '月结', invoice: '增值税专用发票', bank: ['平安银行深圳龙岗支行', '11014567890123'], owner: 'demo', address: '深圳市龙岗区布吉街道吉华路128号', since: 332 },
  { key: 'xinbo', name: '东莞市鑫玻玻璃制品有限公司', types: ['供应商'], region: '441900', tag: 'W9BC', contact: ['邓志强', '厂长', '13532876655'], settlement: '货到付款', invoice: '增值税专用发票', bank: ['中国建设银行东莞长安支行', '44050177000800001234'], owner: 'demo', address: '东莞市长安镇上沙工业区9号', remark: '超白钢化玻璃、镜面玻璃', since: 241 },
  // Outsourcing factories
  { key: 'jinggong', name: '东莞市精工展示道具有限公司', types: ['外协工厂'], region: '441900', tag: 'X2DE', contact: ['罗永康', '厂长', '13600258741'], settlement: '预付+尾款', invoice: '增值税专用发票', bank: ['东莞银行虎门支行', '520000801234567'], owner: 'demo', address: '东莞市虎门镇北栅工业区精工路6号', more: [['罗敏', '跟单', '13600258742', 'gendan@jinggong-display.com']], remark: '整件外发：柜台、中岛、背柜', since: 365 },
  { key: 'huayi', name: '惠州市华艺喷涂有限公司', types: ['外协工厂'], region: '441303', tag: 'Y7FG', contact: ['谢春生', '厂长', '13802665433'], settlement: '月结', invoice: '增值税专用发票', bank: ['惠州农村商业银行淡水支行', '80010000234567891'], owner: 'demo', address: '惠州市惠阳区淡水街道金惠大道56号', remark: '钢琴烤漆、哑光烤漆外发', since: 298 },
  { key: 'ruida', name: '深圳市锐达金属制品有限公司', types: ['外协工厂', '供应商'], region: '440309', tag: 'A4HJ', contact: ['钟锐', '总经理', '13760236598'], settlement: '预付+尾款', invoice: '增值税专用发票', bank: ['招商银行深圳龙华支行', '755923456710901'], owner: 'demo', address: '深圳市龙华区观澜街道大富工业区3栋', remark: '不锈钢、钛金件加工，也供应金属型材', since: 270 },
  // Installers
  { key: 'anjia', name: '深圳市安家装饰工程有限公司', types: ['安装队'], region: '440304', tag: 'B8KL', contact: ['袁志刚', '队长', '13510987766'], settlement: '按进度结算', invoice: '增值税普通发票', bank: ['中国民生银行深圳福田支行', '630412345678'], owner: 'staff', address: '深圳市福田区八卦四路52号', remark: '华南门店道具安装，可夜间施工', since: 363 },
  { key: 'tengyue', name: '上海腾跃展览工程有限公司', types: ['安装队'], region: '310114', tag: 'C5MN', contact: ['孙浩', '项目经理', '13916752288'], settlement: '按进度结算', invoice: '增值税专用发票', bank: ['上海农村商业银行嘉定支行', '50131000712345678'], owner: 'staff', address: '上海市嘉定区曹安公路4800号', remark: '华东展会搭建与拆除', since: 271 },
  // Carriers
  { key: 'suda', name: '深圳市速达物流有限公司', types: ['物流公司', '安装队'], region: '440306', tag: 'D9PQ', contact: ['彭海', '调度主管', '13798456123'], settlement: '月结', invoice: '增值税专用发票', bank: ['中国邮政储蓄银行深圳宝安支行', '944005010001234567'], owner: 'lisi', address: '深圳市宝安区福永街道物流园A区', remark: '专车、整车，可送货上门并简单安装', since: 361 },
  { key: 'deyun', name: '广州德运物流有限公司', types: ['物流公司'], region: '440111', tag: 'E6RT', contact: ['曾德运', '总经理', '13660354789'], settlement: '月结', invoice: '增值税专用发票', bank: ['广州农村商业银行白云支行', '05871234567890123'], owner: 'lisi', address: '广州市白云区太和镇物流基地8号', remark: '广州—北京、杭州、成都专线', since: 331 },
  { key: 'jiecheng', name: '深圳市捷程货运代理有限公司', types: ['物流公司'], region: '440307', tag: 'F2UW', contact: ['叶明', '客服', '0755-28956677'], settlement: '现结', invoice: '增值税普通发票', bank: ['中国光大银行深圳龙岗支行', '78250188000123456'], owner: 'lisi', address: '深圳市龙岗区平湖街道华南城物流中心', since: 212 },
];

const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const ORG_WEIGHTS = [3, 7, 9, 10, 5, 8, 4, 2];

/** A 统一社会信用代码 (GB 32100) for a company (91) of the region, with a GB 11714 organisation code. */
export function uscc(region: string, tag: string): string {
  const body = `MA5${tag}${tag.charCodeAt(0) % 10}`;
  const orgValue = (c: string) => (/\d/.test(c) ? Number(c) : c.charCodeAt(0) - 55);
  const o = 11 - (ORG_WEIGHTS.reduce((s, w, i) => s + w * orgValue(body[i]), 0) % 11);
  const org = body + (o === 10 ? 'X' : o === 11 ? '0' : String(o));
  const first17 = `91${region}${org}`;
  const c = 31 - (USCC_WEIGHTS.reduce((s, w, i) => s + w * USCC_CHARS.indexOf(first17[i]), 0) % 31);
  return first17 + USCC_CHARS[c === 31 ? 0 : c];
}

export function planPartners(k: Kit) {
  for (const [i, p] of PARTNERS.entries()) {
    saved(k, {
      ref: `partner:${p.key}`, module: 'partnerInfo', by: k.people.demo, day: p.since, minute: 10 + i * 7,
      categoryId: k.cat('partnerInfo', p.types[0]),
      body: () => ({
        partnerName: p.name, partnerType: p.types.map((t) => k.dict('partnerType', t)), creditCode: uscc(p.region, p.tag),
        contactName: p.contact[0], contactPhone: p.contact[2],
        ...(p.level ? { customerLevel: k.dict('customerLevel', p.level) } : {}),
        settlementMethod: k.dict('settlementMethod', p.settlement), invoiceType: k.dict('invoiceType', p.invoice),
        bankName: p.bank[0], bankAccount: p.bank[1], ownerId: k.people[p.owner], address: p.address,
        ...(p.remark ? { remark: p.remark } : {}),
        lines: [
          { name: p.contact[0], post: p.contact[1], ...(p.contact[2].startsWith('1') ? { mobile: p.contact[2] } : {}) },
          ...(p.more ?? []).map(([name, post, mobile, email]) => ({ name, post, mobile, email })),
        ],
      }),
    });
  }
}

export const partnerOf = (key: string) => {
  const p = PARTNERS.find((x) => x.key === key);
  if (!p) throw new Error(`demo seed: no partner ${key}`);
  return p;
};
