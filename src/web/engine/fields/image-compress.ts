// Image compression before an upload, the one the whole web app uses: re-encode by bisection on quality, starting at
// 0.5, until the size lies between a lower and an upper bound. Image fields and line cells take FIELD_IMAGE bounds; the
// ID-card and licence photos sent to recognition take PHOTO bounds.
import { IMAGE_START_QUALITY } from '../../../common/rules/constants';

export interface Encoded {
  size: number;
}

export interface BisectOptions {
  minBytes: number;
  maxBytes: number;
  startQuality?: number;
  /** Encodings tried at most; 8 halvings pin the quality to 1/256. */
  maxSteps?: number;
}

export interface BisectResult<T extends Encoded> {
  output: T;
  quality: number;
  /** Qualities tried, in order. */
  tried: number[];
}

/**
 * Bisection on quality in [0, 1]: too big → search below, too small → search above, in bounds → done.
 * Without an in-bounds result it keeps the best one under the upper bound (highest quality), else the
 * smallest seen. The encoder is injected, so this is a pure function of it.
 */
export async function bisectQuality<T extends Encoded>(
  encode: (quality: number) => Promise<T>,
  opts: BisectOptions,
): Promise<BisectResult<T>> {
  const { minBytes, maxBytes, startQuality = IMAGE_START_QUALITY, maxSteps = 8 } = opts;
  let lo = 0;
  let hi = 1;
  let q = startQuality;
  const tried: number[] = [];
  let under: { output: T; quality: number } | null = null;
  let smallest: { output: T; quality: number } | null = null;
  for (let step = 0; step < maxSteps; step++) {
    const output = await encode(q);
    tried.push(q);
    if (!smallest || output.size < smallest.output.size) smallest = { output, quality: q };
    if (output.size > maxBytes) {
      hi = q;
    } else {
      if (!under || q > under.quality) under = { output, quality: q };
      if (output.size >= minBytes) return { output, quality: q, tried };
      lo = q;
    }
    q = (lo + hi) / 2;
  }
  const best = under ?? smallest!;
  return { ...best, tried };
}

/** Bounds for ID-card and licence photos: small enough to upload fast, large enough to stay legible. */
export const PHOTO_MIN_BYTES = 150 * 1024;
export const PHOTO_MAX_BYTES = 800 * 1024;
/** Bounds for the pictures of image fields and line cells (invoices, props): kept sharper than an ID photo. */
export const FIELD_IMAGE_BOUNDS = { minBytes: 200 * 1024, maxBytes: 1024 * 1024 };
const MAX_SIDE = 2400;

async function loadImage(file: Blob): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    return img;
  } finally {
    // The decoded image keeps its pixels; the object URL is no longer needed.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/**
 * Compresses a photo in the browser (canvas → JPEG) when it is larger than the upper bound;
 * smaller photos and non-images are returned as they are.
 */
export async function compressImage(
  file: File,
  bounds = { minBytes: PHOTO_MIN_BYTES, maxBytes: PHOTO_MAX_BYTES },
): Promise<File> {
  // No canvas outside a browser (server-side rendering, tests): the file goes as it is and the server judges it.
  if (typeof document === 'undefined') return file;
  if (!file.type.startsWith('image/') || file.type === 'image/gif' || file.size <= bounds.maxBytes) return file;
  let img: HTMLImageElement;
  try {
    img = await loadImage(file);
  } catch {
    return file; // not decodable here: let the server judge it
  }
  const scale = Math.min(1, MAX_SIDE / Math.max(img.naturalWidth, img.naturalHeight));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(img.naturalWidth * scale);
  canvas.height = Math.round(img.naturalHeight * scale);
  const ctx = canvas.getContext('2d');
  if (!ctx) return file;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
  const encode = (quality: number) =>
    new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('encode failed'))), 'image/jpeg', quality),
    );
  const { output } = await bisectQuality(encode, bounds);
  if (output.size >= file.size) return file;
  return new File([output], file.name.replace(/\.[^.]+$/, '') + '.jpg', { type: 'image/jpeg' });
}
