// What the OCR calls answer (POST /api/admin/systenant/idCardOcr and /businessLicense), shared by the
// providers on the server and the onboarding screens.

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
