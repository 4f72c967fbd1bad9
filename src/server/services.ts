// The application's long-lived collaborators, built once in app.ts and handed to every route module.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { DB } from './db';
import { SessionService } from './modules/auth/sessions';
import { CaptchaService } from './modules/auth/captcha';
import { createSmsProvider, type SmsProvider } from './modules/providers/sms';
import { createQrLoginProvider, type QrLoginProvider } from './modules/providers/qr-login';
import { AclService } from './modules/acl/acl';
import { LocalFileStorage, type FileStorage } from './modules/files/storage';
import { S3FileStorage, s3OptionsFromEnv } from './modules/files/s3-storage';
import path from 'node:path';
import { SchemaRegistry } from './modules/records/schema-registry';
import type { SchemaCheck } from './modules/records/schema-checks';
import { RecordIndexes } from './modules/records/indexes';
import { createOcrProvider, type OcrProvider } from './modules/ocr';
import { FieldOptionsService } from './modules/field-options/service';

export interface AppServices {
  config: Config;
  db: DB;
  sessions: SessionService;
  captcha: CaptchaService;
  sms: SmsProvider;
  qrLogin: QrLoginProvider;
  acl: AclService;
  files: FileStorage;
  schemas: SchemaRegistry;
  ocr: OcrProvider;
  recordIndexes: RecordIndexes;
  /** Per-team field tuning (the field-options page): the page as a team sees it. */
  fieldOptions: FieldOptionsService;
}

/** `schemaChecks`: the features' start-up checks of the page schemas (features.ts). */
export function createServices(
  config: Config,
  db: DB,
  log: FastifyBaseLogger,
  schemaChecks: readonly SchemaCheck[],
): AppServices {
  const sms = createSmsProvider(process.env.SMS_PROVIDER ?? 'local', config.dataDir, log);
  const schemas = new SchemaRegistry(config.schemasDir, schemaChecks);
  return {
    config,
    db,
    sessions: new SessionService(db, config),
    captcha: new CaptchaService(db, sms),
    sms,
    qrLogin: createQrLoginProvider(process.env.QR_LOGIN_PROVIDER ?? 'local'),
    acl: new AclService(db),
    files:
      (process.env.FILE_STORAGE ?? 'local') === 's3'
        ? new S3FileStorage(s3OptionsFromEnv(process.env))
        : new LocalFileStorage(path.join(config.dataDir, 'files')),
    schemas,
    ocr: createOcrProvider(process.env.OCR_PROVIDER ?? 'local'),
    recordIndexes: new RecordIndexes(db, schemas),
    fieldOptions: new FieldOptionsService(db, schemas),
  };
}
