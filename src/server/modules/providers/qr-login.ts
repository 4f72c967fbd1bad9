// QR-code login behind a small interface. The local provider encodes a URL of this server: a user already
// logged in on another device (a phone) opens it, confirms, and the waiting browser receives its own session.
// A WeChat Open Platform provider would instead return WeChat's authorisation URL and confirm tickets from
// WeChat's callback; the routes and the polling screen stay the same.
import { randomBytes } from 'node:crypto';

export interface QrTicket {
  ticket: string;
  /** What the QR code encodes. */
  url: string;
  expiresAt: Date;
}

export interface QrLoginProvider {
  createTicket(origin: string): QrTicket;
}

export const QR_TTL_MS = 3 * 60_000;

export class LocalQrLoginProvider implements QrLoginProvider {
  createTicket(origin: string): QrTicket {
    const ticket = randomBytes(24).toString('base64url');
    return { ticket, url: `${origin}/qrConfirm?ticket=${ticket}`, expiresAt: new Date(Date.now() + QR_TTL_MS) };
  }
}

export function createQrLoginProvider(name: string): QrLoginProvider {
  if (name === 'local') return new LocalQrLoginProvider();
  throw new Error(`Unknown QR_LOGIN_PROVIDER "${name}"`);
}
