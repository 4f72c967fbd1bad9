/**
 * Offline OCR with tesseract.js and the `@tesseract.js-data/eng` package (nothing is downloaded).
 *
 * Only the 18-character numbers are read: the Latin LSTM model with a character whitelist reads the
 * printed digits of an ID card or a business licence well, and the checksums (GB 11643, GB 32100)
 * tell a right reading from a wrong one. The Chinese name, address and company name are left for
 * the user to type.
 *
 * One tesseract worker is created lazily and reused; calls are queued because the whitelist is a
 * worker parameter. Each image is decoded once, then read in up to nine attempts (sparse text
 * as is, deskewed, smoothed, median-filtered, as one block, automatic layout, turned 90/270/180°),
 * stopping at the first whole 18-character token that passes the checks. A value cut out of a
 * longer run needs two attempts to agree; two different readings of the same failing value stop
 * the search (the document carries a wrong number).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import Tesseract from 'tesseract.js';
import { isValidCreditCode, parseIdCardNo, USCC_CHARSET } from '../../../common/ids';
import { divisionText, lookupDivision } from './divisions';
import {
  emptyIdCardResult,
  emptyLicenseResult,
  ID_CARD_NOT_RECOGNISED,
  IMAGE_UNREADABLE,
  LICENSE_NOT_RECOGNISED,
  type IdCardOcrResult,
  type LicenseOcrResult,
  type OcrProvider,
} from './provider';

const require = createRequire(import.meta.url);

/** The folder of the gzip'd eng.traineddata shipped by @tesseract.js-data/eng. */
export function engLangPath(): string {
  return path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0');
}

export interface LocalOcrOptions {
  /** Longest time one recognition may take before the worker is considered stuck and replaced. */
  recognizeTimeoutMs?: number;
  /** Receives failures that are answered as "not recognised" (worker start-up, timeouts, bad images). */
  onError?: (err: unknown, context: string) => void;
}

/** Larger photos are reduced to this longest side: reading time grows with the pixel count. */
const MAX_SIDE = 2000;

type Prep = 'plain' | 'smoothed' | 'median';
/** rotate: degrees clockwise before reading; deskew: let tesseract straighten slightly skewed lines. */
interface Attempt {
  rotate: number;
  prep: Prep;
  psm: Tesseract.PSM;
  deskew: boolean;
}

// Each attempt after the first rescued numbers the ones before it missed on noisy or low-contrast
// test photos; the turned ones cover portrait photos of a landscape card.
const ATTEMPTS: Attempt[] = [
  { rotate: 0, prep: 'plain', psm: Tesseract.PSM.SPARSE_TEXT, deskew: false },
  { rotate: 0, prep: 'plain', psm: Tesseract.PSM.SPARSE_TEXT, deskew: true },
  { rotate: 0, prep: 'smoothed', psm: Tesseract.PSM.SPARSE_TEXT, deskew: true },
  { rotate: 0, prep: 'median', psm: Tesseract.PSM.SPARSE_TEXT, deskew: true },
  { rotate: 0, prep: 'plain', psm: Tesseract.PSM.SINGLE_BLOCK, deskew: true },
  { rotate: 0, prep: 'plain', psm: Tesseract.PSM.AUTO, deskew: true },
  { rotate: 90, prep: 'plain', psm: Tesseract.PSM.SPARSE_TEXT, deskew: true },
  { rotate: 270, prep: 'plain', psm: Tesseract.PSM.SPARSE_TEXT, deskew: true },
  { rotate: 180, prep: 'plain', psm: Tesseract.PSM.SPARSE_TEXT, deskew: true },
];

/** What one kind of document number looks like to the reader. */
interface CodeSpec {
  whitelist: string;
  /** Splits OCR text into runs of code characters. */
  split: RegExp;
  /** The form of a value, right or wrong: 18 code characters where the document has them. */
  shape: RegExp;
  /** A right value: checksum and plausibility. */
  accept: (s: string) => boolean;
}

const ID_SPEC: CodeSpec = {
  whitelist: '0123456789X',
  split: /[^0-9X]+/,
  shape: /^\d{17}[\dX]$/,
  accept: (s) => acceptIdCardNo(s),
};
const USCC_SPEC: CodeSpec = {
  whitelist: USCC_CHARSET,
  split: /[^0-9A-HJ-NP-RTUW-Y]+/,
  shape: /^[0-9A-HJ-NP-RTUW-Y]{2}\d{6}[0-9A-HJ-NP-RTUW-Y]{10}$/,
  accept: (s) => acceptCreditCode(s),
};

/** A decoded, oriented, greyscale image at the size tesseract reads well. */
export interface BaseImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

/**
 * Decodes once per request: orient by EXIF, greyscale, and bring the longest side to 1600 px when
 * smaller than 1400 (phone captures and thumbnails: the digits come out 40-70 px high) or down to
 * MAX_SIDE when larger. Throws for bytes that are not an image.
 */
export async function decodeBase(image: Buffer): Promise<BaseImage> {
  const meta = await sharp(image, { failOn: 'none' }).autoOrient().metadata();
  const swap = (meta.orientation ?? 1) >= 5;
  const w = (swap ? meta.height : meta.width) ?? 0;
  const h = (swap ? meta.width : meta.height) ?? 0;
  const longest = Math.max(w, h);
  let img = sharp(image, { failOn: 'none' }).autoOrient().greyscale();
  if (longest > 0 && longest < 1400) {
    img = img.resize({
      width: Math.round((w * 1600) / longest),
      height: Math.round((h * 1600) / longest),
      kernel: 'lanczos3',
    });
  } else if (longest > MAX_SIDE) {
    img = img.resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside' });
  }
  const { data, info } = await img.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** One attempt's picture: rotated, optionally denoised (Gaussian or median), contrast stretched; PNG. */
export async function preprocess(base: BaseImage, rotate = 0, prep: Prep = 'plain'): Promise<Buffer> {
  let img = sharp(base.data, { raw: { width: base.width, height: base.height, channels: base.channels } });
  if (rotate) img = img.rotate(rotate);
  if (prep === 'smoothed') img = img.blur(1);
  img = img.normalise();
  if (prep === 'median') img = img.median(3);
  return img.png({ compressionLevel: 1 }).toBuffer();
}

export interface Candidate {
  value: string;
  /**
   * True when the value is a whole token, or whole consecutive tokens, of a line: nothing else is
   * glued to it. A value cut out of a longer run (e.g. 19 characters after an inserted digit) passes
   * a checksum by chance 1 time in 11 (ID) or 31 (credit code), so such values need a second reading.
   */
  exact: boolean;
}

/**
 * Candidates from OCR text, exact ones first. Per line: tokens (split on spaces) and runs of
 * consecutive tokens that make exactly 18 characters are exact; 18-character windows of longer
 * runs are not. Lines are also tried two by two (sparse mode sometimes splits a number).
 */
export function findCandidates(
  text: string,
  charset: RegExp,
  accept: (s: string) => boolean,
  pairLines = true,
): Candidate[] {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const exact: string[] = [];
  const loose: string[] = [];
  const scan = (line: string) => {
    const tokens = line
      .split(/\s+/)
      .flatMap((t) => t.split(charset))
      .filter(Boolean);
    for (let i = 0; i < tokens.length; i++) {
      let joined = '';
      for (let j = i; j < tokens.length && joined.length < 18; j++) {
        joined += tokens[j];
        if (joined.length === 18 && accept(joined) && !exact.includes(joined)) exact.push(joined);
      }
    }
    for (const run of line.replace(/\s+/g, '').split(charset)) {
      for (let i = 0; run.length > 18 && i + 18 <= run.length; i++) {
        const w = run.slice(i, i + 18);
        if (accept(w) && !loose.includes(w)) loose.push(w);
      }
    }
  };
  for (const l of lines) scan(l);
  if (pairLines && exact.length === 0 && loose.length === 0)
    for (let i = 0; i + 1 < lines.length; i++) scan(`${lines[i]} ${lines[i + 1]}`);
  return [
    ...exact.map((value) => ({ value, exact: true })),
    ...loose.filter((v) => !exact.includes(v)).map((value) => ({ value, exact: false })),
  ];
}

/** An ID number read by OCR must pass the checksum, hold a real birth date and a known province. */
export function acceptIdCardNo(s: string): boolean {
  return parseIdCardNo(s) !== null && lookupDivision(s.slice(0, 6)) !== null;
}

/**
 * A credit code read by OCR must pass the checksum and carry a division code of a known province,
 * or 100000 (organisations registered at national level).
 */
export function acceptCreditCode(s: string): boolean {
  return isValidCreditCode(s) && (s.slice(2, 8) === '100000' || lookupDivision(s.slice(2, 8)) !== null);
}

export function idCardResultFor(idCardNo: string): IdCardOcrResult {
  const p = parseIdCardNo(idCardNo);
  if (!p) return emptyIdCardResult(ID_CARD_NOT_RECOGNISED);
  return {
    idCardNo: p.idCardNo,
    birthday: p.birthday,
    sex: p.sex,
    provinceCityRegion: divisionText(p.divisionCode),
    idCardName: '',
    address: '',
    recognised: true,
  };
}

export class LocalOcrProvider implements OcrProvider {
  readonly name = 'local';
  private worker: Promise<Tesseract.Worker> | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly timeoutMs: number;
  private readonly onError: (err: unknown, context: string) => void;

  constructor(options: LocalOcrOptions = {}) {
    this.timeoutMs = options.recognizeTimeoutMs ?? 30_000;
    this.onError = options.onError ?? (() => {});
  }

  async idCard(image: Buffer): Promise<IdCardOcrResult> {
    const found = await this.read(image, ID_SPEC, 'idCard');
    if (found === undefined) return emptyIdCardResult(IMAGE_UNREADABLE);
    return found ? idCardResultFor(found) : emptyIdCardResult(ID_CARD_NOT_RECOGNISED);
  }

  async businessLicense(image: Buffer): Promise<LicenseOcrResult> {
    const found = await this.read(image, USCC_SPEC, 'businessLicense');
    if (found === undefined) return emptyLicenseResult(IMAGE_UNREADABLE);
    if (!found) return emptyLicenseResult(LICENSE_NOT_RECOGNISED);
    return { creditCode: found, recognised: true, companyName: '', legalPerson: '' };
  }

  /** Terminates the worker; a later call starts a new one. */
  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (!w) return;
    try {
      await (await w).terminate();
    } catch {
      // a worker that failed to start has nothing to terminate
    }
  }

  /** Runs the attempts in turn; the first accepted candidate, null when none, undefined for an unreadable image. */
  private read(image: Buffer, spec: CodeSpec, context: string): Promise<string | null | undefined> {
    const { whitelist, split, shape, accept } = spec;
    const job = this.queue.then(async () => {
      let base: BaseImage;
      try {
        base = await decodeBase(image);
      } catch (err) {
        this.onError(err, `${context}: image`);
        return undefined;
      }
      // An exact candidate ends the search; loose ones (cut out of a longer run) count as
      // readings and win only when two attempts agree.
      const votes = new Map<string, number>();
      const wrongReads = new Set<string>();
      const texts = new Set<string>();
      let misread = false;
      for (const a of ATTEMPTS) {
        // An upright reading found a run of about 18 code characters and no candidate in it: the
        // image is upright and the number misread (or wrong), so turning the image will not help.
        if (a.rotate !== 0 && misread && votes.size === 0) break;
        let text: string;
        try {
          const pre = await preprocess(base, a.rotate, a.prep);
          text = await this.recognise(pre, whitelist, a.psm, a.deskew);
        } catch (err) {
          this.onError(err, `${context}: recognise`);
          return null;
        }
        // Another attempt that read exactly the same text tells nothing new.
        if (texts.has(text)) continue;
        texts.add(text);
        const found = findCandidates(text, split, accept);
        // Two different readings agree on an 18-character value of one line that fails the checks:
        // the document carries a wrong number; more attempts would only risk a lucky misreading.
        const wrong = findCandidates(text, split, (v) => shape.test(v) && !accept(v), false)
          .filter((c) => c.exact)
          .map((c) => c.value);
        if (found.length === 0 && wrong.some((v) => wrongReads.has(v))) break;
        for (const v of wrong) wrongReads.add(v);
        misread ||= text.split(/\r?\n/).some((l) =>
          l
            .replace(/\s+/g, '')
            .split(split)
            .some((r) => r.length >= 17 && r.length <= 19),
        );
        const exact = found.find((c) => c.exact);
        if (exact) return exact.value;
        for (const c of found) votes.set(c.value, (votes.get(c.value) ?? 0) + 1);
      }
      const best = [...votes].sort((x, y) => y[1] - x[1])[0];
      return best && best[1] >= 2 ? best[0] : null;
    });
    this.queue = job.catch(() => {});
    return job;
  }

  private getWorker(): Promise<Tesseract.Worker> {
    if (!this.worker) {
      const w = Tesseract.createWorker('eng', Tesseract.OEM.LSTM_ONLY, {
        langPath: engLangPath(),
        gzip: true,
        cacheMethod: 'none',
      });
      this.worker = w;
      w.catch(() => {
        if (this.worker === w) this.worker = null;
      });
    }
    return this.worker;
  }

  private async recognise(png: Buffer, whitelist: string, psm: Tesseract.PSM, deskew: boolean): Promise<string> {
    const worker = await this.getWorker();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`OCR timed out after ${this.timeoutMs} ms`)), this.timeoutMs);
    });
    try {
      const run = (async () => {
        await worker.setParameters({
          tessedit_char_whitelist: whitelist,
          tessedit_pageseg_mode: psm,
          user_defined_dpi: '300',
          debug_file: '/dev/null',
        });
        // rotateAuto: tesseract measures the skew of the text lines and straightens the page first
        // (needed from about 4 degrees on; on a straight page its resampling costs some letters).
        const { data } = await worker.recognize(png, { rotateAuto: deskew });
        return data.text;
      })();
      return await Promise.race([run, timeout]);
    } catch (err) {
      // A stuck or broken worker is replaced on the next call.
      await this.close();
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }
}
