/**
 * The local OCR provider on images this test draws: sharp renders SVG with the DejaVu fonts
 * (Debian fonts-dejavu-core) and, for one card, Noto Sans CJK SC (fonts-noto-cjk; without it the
 * Chinese labels come out as boxes and the number is still read), then some images are turned into phone-like photos (on a table,
 * skewed, noisy, shrunk, JPEG). One tesseract worker serves the whole file and is closed in afterAll.
 */
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { idCardCheckChar, usccCheckChar } from '../../src/common/ids';
import {
  close,
  createOcrProvider,
  divisionText,
  ID_CARD_NOT_RECOGNISED,
  IMAGE_UNREADABLE,
  LICENSE_NOT_RECOGNISED,
  lookupDivision,
  type OcrProvider,
} from '../../src/server/modules/ocr/index';
import { acceptCreditCode, acceptIdCardNo, findCandidates } from '../../src/server/modules/ocr/local-provider';

// ---------------------------------------------------------------- drawing test images

/** Deterministic PRNG (mulberry32) so noisy images are the same on every run. */
function rng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface CardOpts {
  ink?: string;
  bg1?: string;
  bg2?: string;
  label?: string;
  birth?: string;
  sexLabel?: string;
  font?: string;
}

/** An ID-card-like front, 856×540 (85.6 × 54 mm at 10 px/mm). */
function idCardSvg(no: string, o: CardOpts = {}): string {
  const ink = o.ink ?? '#1a1a1a';
  const font = o.font ?? 'DejaVu Sans Mono';
  const b = o.birth ?? `${no.slice(6, 10)}  ${Number(no.slice(10, 12))}  ${Number(no.slice(12, 14))}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="856" height="540" viewBox="0 0 856 540">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${o.bg1 ?? '#eceff1'}"/><stop offset="1" stop-color="${o.bg2 ?? '#cfd8dc'}"/></linearGradient></defs>
  <rect width="856" height="540" rx="30" fill="url(#g)"/>
  <g font-family="DejaVu Sans" fill="${o.label ?? '#4a6fa5'}" font-size="22">
    <text x="50" y="80">Name</text><text x="50" y="140">Sex</text><text x="250" y="140">Ethnic</text>
    <text x="50" y="200">Born</text><text x="50" y="260">Address</text><text x="50" y="460">Citizen ID No.</text></g>
  <g font-family="DejaVu Sans" fill="${ink}" font-size="28">
    <text x="160" y="80">ZHANG SAN</text><text x="160" y="140">${o.sexLabel ?? 'F'}</text><text x="350" y="140">Han</text>
    <text x="160" y="200">${b}</text><text x="160" y="260">No. 8 Chaoyang Road, Beijing</text></g>
  <rect x="600" y="60" width="200" height="250" rx="6" fill="#b0bec5"/>
  <circle cx="700" cy="150" r="50" fill="#90a4ae"/><rect x="630" y="210" width="140" height="100" rx="40" fill="#90a4ae"/>
  <text x="250" y="462" font-family="${font}" font-size="36" letter-spacing="4" fill="${ink}">${no}</text>
  </svg>`;
}

async function render(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Adds deterministic grey noise of ± amp to an image. */
async function addNoise(img: Buffer, amp: number, seed = 1): Promise<Buffer> {
  const { data, info } = await sharp(img).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const r = rng(seed);
  for (let i = 0; i < data.length; i += info.channels) {
    const n = Math.round((r() * 2 - 1) * amp);
    for (let c = 0; c < info.channels; c++) data[i + c] = Math.max(0, Math.min(255, data[i + c] + n));
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .png()
    .toBuffer();
}

/** The card photographed: on a darker table, slightly rotated, smaller, noisy, blurred, JPEG. */
async function phonePhoto(
  card: Buffer,
  o: { angle?: number; width?: number; noise?: number; blur?: number; quality?: number; seed?: number } = {},
): Promise<Buffer> {
  const rotated = await sharp(card)
    .rotate(o.angle ?? 3, { background: '#5d4037' })
    .png()
    .toBuffer();
  const m = await sharp(rotated).metadata();
  const framed = await sharp({
    create: { width: m.width! + 160, height: m.height! + 120, channels: 3, background: '#6d4c41' },
  })
    .composite([{ input: rotated, left: 80, top: 60 }])
    .png()
    .toBuffer();
  let out = sharp(await addNoise(framed, o.noise ?? 18, o.seed ?? 7)).resize({ width: o.width ?? 640 });
  if (o.blur) out = out.blur(o.blur);
  return out.jpeg({ quality: o.quality ?? 70 }).toBuffer();
}

/** A card with Chinese labels and values (needs a CJK font, e.g. Debian fonts-noto-cjk). */
function idCardSvgZh(no: string): string {
  const y = no.slice(6, 10),
    m = Number(no.slice(10, 12)),
    d = Number(no.slice(12, 14));
  const sex = Number(no[16]) % 2 ? '男' : '女';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="856" height="540" viewBox="0 0 856 540">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#eef3f6"/><stop offset="1" stop-color="#d5e0e6"/></linearGradient></defs>
  <rect width="856" height="540" rx="30" fill="url(#g)"/>
  <g font-family="Noto Sans CJK SC" fill="#3d6fa8" font-size="24">
    <text x="50" y="85">姓 名</text><text x="50" y="150">性 别</text><text x="250" y="150">民 族</text>
    <text x="50" y="215">出 生</text><text x="50" y="280">住 址</text><text x="50" y="462">公民身份号码</text></g>
  <g font-family="Noto Sans CJK SC" fill="#1a1a1a" font-size="28">
    <text x="140" y="85">张三</text><text x="140" y="150">${sex}</text><text x="340" y="150">汉</text>
    <text x="140" y="215">${y} 年 ${m} 月 ${d} 日</text><text x="140" y="280">北京市朝阳区建国路八十八号</text>
    <text x="140" y="325">院 3 号楼 2 单元 501 室</text></g>
  <rect x="600" y="60" width="200" height="250" rx="6" fill="#b0bec5"/>
  <circle cx="700" cy="150" r="50" fill="#90a4ae"/><rect x="630" y="210" width="140" height="100" rx="40" fill="#90a4ae"/>
  <text x="250" y="462" font-family="DejaVu Sans" font-size="34" font-weight="bold" letter-spacing="3" fill="#1a1a1a">${no}</text>
  </svg>`;
}

function licenceSvg(code: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="1000" viewBox="0 0 1400 1000">
  <rect width="1400" height="1000" fill="#fbf8ef"/>
  <rect x="30" y="30" width="1340" height="940" fill="none" stroke="#b8860b" stroke-width="14"/>
  <text x="700" y="150" text-anchor="middle" font-family="DejaVu Serif" font-size="64" font-weight="bold" fill="#222">BUSINESS LICENCE</text>
  <g font-family="DejaVu Sans" font-size="26" fill="#222">
    <text x="110" y="250">Unified social credit code</text>
    <text x="110" y="295" font-size="34">${code}</text>
    <text x="110" y="400">Name: Fuzhou Example Trading Co., Ltd.</text>
    <text x="110" y="460">Type: Limited liability company</text>
    <text x="110" y="520">Legal representative: LI SI</text>
    <text x="110" y="580">Registered capital: 5,000,000 CNY</text>
    <text x="110" y="640">Established: 2015-01-01</text>
    <text x="110" y="700">Address: Gulou District, Fuzhou, Fujian</text></g>
  <g fill="#222">${Array.from({ length: 49 }, (_, i) => ((i * 7 + 3) % 5 < 2 ? `<rect x="${1100 + (i % 7) * 24}" y="${200 + Math.floor(i / 7) * 24}" width="24" height="24"/>` : '')).join('')}</g>
  <circle cx="1100" cy="820" r="90" fill="none" stroke="#c62828" stroke-width="8"/>
  </svg>`;
}

// ---------------------------------------------------------------- tests

const ID_SPLIT = /[^0-9X]+/;
const USCC_SPLIT = /[^0-9A-HJ-NP-RTUW-Y]+/;
const OCR_TIMEOUT = 90_000;

describe('division codes', () => {
  it('names province, city and district, municipalities repeating as their own city', () => {
    expect(divisionText('110105')).toBe('北京市/北京市/朝阳区');
    expect(divisionText('500235')).toBe('重庆市/重庆市/云阳县');
    expect(divisionText('440306')).toBe('广东省/深圳市/宝安区');
    expect(divisionText('513402')).toBe('四川省/凉山彝族自治州/会理市'); // a 2021 code
    expect(divisionText('370116')).toBe('山东省/济南市/莱芜区'); // a 2019 code
  });

  it('handles counties directly under a province and cities without districts', () => {
    expect(divisionText('429004')).toBe('湖北省/仙桃市');
    expect(divisionText('659011')).toBe('新疆维吾尔自治区/新星市');
    expect(divisionText('441900')).toBe('广东省/东莞市');
    expect(divisionText('110000')).toBe('北京市');
    expect(divisionText('420100')).toBe('湖北省/武汉市');
  });

  it('keeps the known levels of retired codes and refuses unknown provinces', () => {
    expect(lookupDivision('110104')).toMatchObject({ names: ['北京市', '北京市'], exact: false }); // 宣武区, merged 2010
    expect(lookupDivision('110221')).toMatchObject({ names: ['北京市', '北京市'], exact: false }); // 昌平县, before 1999
    expect(lookupDivision('420199')).toMatchObject({ names: ['湖北省', '武汉市'], exact: false });
    expect(lookupDivision('990101')).toBeNull();
    expect(lookupDivision('11010')).toBeNull();
    expect(divisionText('990101')).toBe('');
  });
});

describe('candidates in OCR text', () => {
  it('takes a whole 18-character token, also when OCR split it into pieces or lines', () => {
    expect(findCandidates('72\n19491231\n11010519491231002X\n', ID_SPLIT, acceptIdCardNo)).toEqual([
      { value: '11010519491231002X', exact: true },
    ]);
    expect(findCandidates('4 110105 19491231 002X 7', ID_SPLIT, acceptIdCardNo)).toEqual([
      { value: '11010519491231002X', exact: true },
    ]);
    expect(findCandidates('34\n\n320\n\n102197910094494\n', ID_SPLIT, acceptIdCardNo)).toEqual([
      { value: '320102197910094494', exact: true },
    ]);
  });

  it('marks a number cut out of a longer run as loose, and finds nothing in a wrong number', () => {
    // an inserted 6 makes 19 digits whose first 18 pass the checksum by chance: not to be trusted alone
    expect(findCandidates('3701162000011706316', ID_SPLIT, acceptIdCardNo)).toEqual([
      { value: '370116200001170631', exact: false },
    ]);
    expect(findCandidates('11010519491231002\n110105194912310021\n', ID_SPLIT, acceptIdCardNo)).toEqual([]);
  });

  it('reads credit codes among other letters', () => {
    expect(findCandidates('BUNELCENCE\nU\n91350100M000100Y43\nNFETCL', USCC_SPLIT, acceptCreditCode)).toEqual([
      { value: '91350100M000100Y43', exact: true },
    ]);
    expect(findCandidates('12100000400000624D', USCC_SPLIT, acceptCreditCode)).toHaveLength(1); // national level (100000)
  });
});

describe('local OCR provider (tesseract.js, offline)', () => {
  let ocr: OcrProvider;
  afterAll(async () => {
    await close();
  });

  it('is the default provider and refuses unknown names', () => {
    ocr = createOcrProvider('local');
    expect(ocr.name).toBe('local');
    expect(() => createOcrProvider('nope')).toThrow(/Unknown OCR_PROVIDER/);
  });

  it(
    'reads the published example number from a clean card, and a licence at the same time',
    async () => {
      const card = await render(idCardSvg('11010519491231002X'));
      const licence = await render(licenceSvg('91350100M000100Y43'));
      // concurrent calls share the one worker without mixing their character whitelists
      const [id, lic] = await Promise.all([ocr.idCard(card), ocr.businessLicense(licence)]);
      expect(id).toEqual({
        idCardNo: '11010519491231002X',
        birthday: '1949-12-31',
        sex: '女',
        provinceCityRegion: '北京市/北京市/朝阳区',
        idCardName: '',
        address: '',
        recognised: true,
      });
      expect(lic).toEqual({ creditCode: '91350100M000100Y43', recognised: true, companyName: '', legalPerson: '' });
    },
    OCR_TIMEOUT,
  );

  it(
    'reads a phone-like photo: skewed, noisy, small JPEG',
    async () => {
      const no = withCheck('42900419851010001');
      const photo = await phonePhoto(await render(idCardSvg(no)), {
        angle: -4,
        width: 640,
        noise: 20,
        blur: 0.6,
        seed: 3,
      });
      const r = await ocr.idCard(photo);
      expect(r).toMatchObject({
        idCardNo: no,
        birthday: '1985-10-10',
        sex: '男',
        provinceCityRegion: '湖北省/仙桃市',
        recognised: true,
      });
    },
    OCR_TIMEOUT,
  );

  it(
    'reads a phone photo of a card with Chinese labels and address (Noto Sans CJK SC)',
    async () => {
      const no = withCheck('37011619880315452');
      const photo = await phonePhoto(await render(idCardSvgZh(no)), { angle: 3, width: 700, noise: 18, seed: 2 });
      const r = await ocr.idCard(photo);
      expect(r).toMatchObject({
        idCardNo: no,
        birthday: '1988-03-15',
        sex: '女',
        provinceCityRegion: '山东省/济南市/莱芜区',
        recognised: true,
      });
    },
    OCR_TIMEOUT,
  );

  it(
    'reads a low-contrast noisy card',
    async () => {
      const no = withCheck('50023519700707123');
      const img = await addNoise(
        await render(idCardSvg(no, { ink: '#8a8a8a', bg1: '#c8c8c8', bg2: '#b4b4b4', label: '#999' })),
        10,
        5,
      );
      const r = await ocr.idCard(img);
      expect(r).toMatchObject({
        idCardNo: no,
        birthday: '1970-07-07',
        sex: '男',
        provinceCityRegion: '重庆市/重庆市/云阳县',
        recognised: true,
      });
    },
    OCR_TIMEOUT,
  );

  it(
    'reads a card photographed sideways (portrait photo)',
    async () => {
      const no = withCheck('44030620000229456');
      const img = await sharp(await render(idCardSvg(no)))
        .rotate(90)
        .jpeg({ quality: 80 })
        .toBuffer();
      const r = await ocr.idCard(img);
      expect(r).toMatchObject({
        idCardNo: no,
        birthday: '2000-02-29',
        sex: '女',
        provinceCityRegion: '广东省/深圳市/宝安区',
        recognised: true,
      });
    },
    OCR_TIMEOUT,
  );

  it(
    'answers recognised=false when the number on the card fails the checksum',
    async () => {
      const r = await ocr.idCard(await render(idCardSvg('110105194912310021')));
      expect(r).toEqual({
        idCardNo: '',
        birthday: '',
        sex: '',
        provinceCityRegion: '',
        idCardName: '',
        address: '',
        recognised: false,
        message: ID_CARD_NOT_RECOGNISED,
      });
      expect(r.message).toBe('未能识别身份证号码，请手动输入');
    },
    OCR_TIMEOUT,
  );

  it(
    'answers recognised=false for a picture without a number and for bytes that are no image',
    async () => {
      const blank = await sharp({ create: { width: 600, height: 380, channels: 3, background: '#dfe6ea' } })
        .png()
        .toBuffer();
      expect(await ocr.idCard(blank)).toMatchObject({
        recognised: false,
        idCardNo: '',
        message: ID_CARD_NOT_RECOGNISED,
      });
      expect(await ocr.idCard(Buffer.from('not an image at all'))).toMatchObject({
        recognised: false,
        message: IMAGE_UNREADABLE,
      });
      expect(await ocr.businessLicense(Buffer.alloc(0))).toMatchObject({
        recognised: false,
        message: IMAGE_UNREADABLE,
      });
    },
    OCR_TIMEOUT,
  );

  it(
    'reads the credit code from a photographed licence and refuses a wrong one',
    async () => {
      const code = `92330106MA2CHQ0N7${usccCheckChar('92330106MA2CHQ0N7')}`;
      const photo = await phonePhoto(await render(licenceSvg(code)), { angle: 2, width: 1200, noise: 15, seed: 1 });
      expect(await ocr.businessLicense(photo)).toEqual({
        creditCode: code,
        recognised: true,
        companyName: '',
        legalPerson: '',
      });
      const wrong = await ocr.businessLicense(await render(licenceSvg('91350100M000100Y44')));
      expect(wrong).toEqual({
        creditCode: '',
        recognised: false,
        message: LICENSE_NOT_RECOGNISED,
        companyName: '',
        legalPerson: '',
      });
    },
    OCR_TIMEOUT,
  );

  it(
    'starts a new worker after close()',
    async () => {
      await close();
      ocr = createOcrProvider();
      expect((await ocr.idCard(await render(idCardSvg('11010519491231002X')))).idCardNo).toBe('11010519491231002X');
    },
    OCR_TIMEOUT,
  );
});

function withCheck(first17: string): string {
  return first17 + idCardCheckChar(first17);
}
