/**
 * The OCR provider interface behind POST /api/admin/systenant/idCardOcr and /businessLicense.
 *
 * A provider reads what it can from an uploaded image; it never throws for an unreadable image,
 * it answers `recognised: false` with a Chinese `message` so the screen can send the user to
 * manual input. Fields a provider cannot read are '' for the user to fill in.
 */

export interface IdCardOcrResult {
  /** The 18-character citizen ID number (GB 11643, checksum verified), '' when not recognised. */
  idCardNo: string;
  /** YYYY-MM-DD from the number, '' when not recognised. */
  birthday: string;
  /** '男' | '女' from the 17th digit, '' when not recognised. */
  sex: '男' | '女' | '';
  /** Division names of the first six digits joined by '/', e.g. "北京市/北京市/朝阳区"; '' when unknown. */
  provinceCityRegion: string;
  /** Left for the user to fill in by the local provider. */
  idCardName: string;
  /** Left for the user to fill in by the local provider. */
  address: string;
  recognised: boolean;
  message?: string;
}

export interface LicenseOcrResult {
  /** The 18-character unified social credit code (GB 32100, checksum verified), '' when not recognised. */
  creditCode: string;
  recognised: boolean;
  message?: string;
  /** Left for the user to fill in by the local provider. */
  companyName: string;
  /** Left for the user to fill in by the local provider. */
  legalPerson: string;
}

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
    idCardNo: '', birthday: '', sex: '', provinceCityRegion: '',
    idCardName: '', address: '', recognised: false, message,
  };
}

export function emptyLicenseResult(message: string): LicenseOcrResult {
  return { creditCode: '', recognised: false, message, companyName: '', legalPerson: '' };
}
