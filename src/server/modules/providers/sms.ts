// SMS sending behind a small interface. The local provider writes an outbox file instead of texting,
// so development and tests read codes from DATA_DIR/sms-outbox.jsonl. A real gateway (Aliyun, Tencent
// Cloud...) implements SmsProvider and is selected with SMS_PROVIDER.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

export interface SmsMessage {
  mobile: string;
  scene: string;
  code: string;
}

export interface SmsProvider {
  send(msg: SmsMessage): Promise<void>;
}

export class LocalOutboxSmsProvider implements SmsProvider {
  constructor(
    private dataDir: string,
    private log: FastifyBaseLogger,
  ) {}

  async send(msg: SmsMessage): Promise<void> {
    const line = JSON.stringify({ mobile: msg.mobile, scene: msg.scene, code: msg.code, at: new Date().toISOString() });
    await fs.mkdir(this.dataDir, { recursive: true });
    await fs.appendFile(path.join(this.dataDir, 'sms-outbox.jsonl'), line + '\n');
    this.log.info({ mobile: msg.mobile, scene: msg.scene, code: msg.code }, 'SMS (local outbox)');
  }
}

export function createSmsProvider(name: string, dataDir: string, log: FastifyBaseLogger): SmsProvider {
  if (name === 'local') return new LocalOutboxSmsProvider(dataDir, log);
  throw new Error(`Unknown SMS_PROVIDER "${name}"`);
}
