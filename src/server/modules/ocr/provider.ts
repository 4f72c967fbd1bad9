/**
 * The OCR provider interface behind POST /api/admin/systenant/idCardOcr and /businessLicense.
 *
 * A provider reads what it can from an uploaded image; it never throws for an unreadable image,
 * it answers `recognised: false` with a Chinese `message` so the screen can send the user to
 * manual input. Fields a provider cannot read are '' for the user to fill in.
 */

import type { IdCardOcrResult, LicenseOcrResult } from '../../../common/ocr-results';

export type { IdCardOcrResult, LicenseOcrResult };

export interface OcrProvider {
  /** Provider name, as selected by OCR_PROVIDER. */
  readonly name: string;
  idCard(image: Buffer): Promise<IdCardOcrResult>;
  businessLicense(image: Buffer): Promise<LicenseOcrResult>;
  /** Releases workers or connections; the provider may be used again afterwards (it re-opens lazily). */
  close?(): Promise<void>;
}

export const ID_CARD_NOT_RECOGNISED = '未能识别身份证号码，请手动输入';
export const LICENSE_NOT_RECOGNISED = '未能识别统一社会信用代码，请手动输入';
export const IMAGE_UNREADABLE = '图片无法读取，请上传清晰的 JPG 或 PNG 图片';

export function emptyIdCardResult(message: string): IdCardOcrResult {
  return {
    idCardNo: '',
    birthday: '',
    sex: '',
    provinceCityRegion: '',
    idCardName: '',
    address: '',
    recognised: false,
    message,
  };
}

export function emptyLicenseResult(message: string): LicenseOcrResult {
  return { creditCode: '', recognised: false, message, companyName: '', legalPerson: '' };
}
