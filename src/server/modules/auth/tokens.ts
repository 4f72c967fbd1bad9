import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: the bearer token the client keeps. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens and codes are stored hashed so a database leak does not leak live credentials. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
