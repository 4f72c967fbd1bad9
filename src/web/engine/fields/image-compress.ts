// Image compression: re-encode at a quality found by bisection, starting at 0.5,
// until the size lies between a lower and an upper bound.
import { IMAGE_START_QUALITY } from '../../../common/rules/constants';

export const COMPRESS_LOWER_BYTES = 200 * 1024;
export const COMPRESS_UPPER_BYTES = 1024 * 1024;
const MAX_STEPS = 8;

/** Bisects quality in (0, 1]; returns the first encoding inside [lower, upper], else the last tried. */
export async function bisectQuality<T extends { size: number }>(
  encode: (quality: number) => Promise<T>,
  lower = COMPRESS_LOWER_BYTES,
  upper = COMPRESS_UPPER_BYTES,
  start = IMAGE_START_QUALITY,
): Promise<{ result: T; quality: number }> {
  let lo = 0;
  let hi = 1;
  let q = start;
  let result = await encode(q);
  for (let step = 1; step < MAX_STEPS; step++) {
    if (result.size > upper) hi = q;
    else if (result.size < lower) lo = q;
    else break;
    q = (lo + hi) / 2;
    result = await encode(q);
  }
  return { result, quality: q };
}

/** Browser-only: draws the image on a canvas and re-encodes as JPEG. Small files are kept as they are. */
export async function compressImage(file: File, lower = COMPRESS_LOWER_BYTES, upper = COMPRESS_UPPER_BYTES): Promise<Blob> {
  if (file.size <= upper || typeof document === 'undefined') return file;
  const bitmap = await createImageBitmap(file);
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
  const encode = (q: number) =>
    new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('toBlob failed'))), 'image/jpeg', q));
  return (await bisectQuality(encode, lower, upper)).result;
}
