// The rate limits by name and their sizes (max hits per window), which RATE_LIMITS may change: read by the
// configuration, applied by the rate-limit plugin (plugins/rate-limits.ts), which says which call counts against which.
export type LimitName =
  | 'login'
  | 'loginAccount'
  | 'sms'
  | 'qr'
  | 'register'
  | 'reset'
  | 'ocr'
  | 'createTeam'
  | 'upload'
  | 'invite'
  | 'teamLookup'
  | 'teamLookupIp';
export interface Limit {
  max: number;
  seconds: number;
}

/** Defaults sized for an office behind one NAT address; RATE_LIMITS overrides them (config.ts). */
export const DEFAULT_LIMITS: Record<LimitName, Limit> = {
  login: { max: 60, seconds: 300 },
  loginAccount: { max: 20, seconds: 300 },
  sms: { max: 10, seconds: 3600 },
  qr: { max: 30, seconds: 600 },
  register: { max: 10, seconds: 3600 },
  reset: { max: 10, seconds: 3600 },
  ocr: { max: 30, seconds: 600 },
  createTeam: { max: 10, seconds: 86_400 },
  upload: { max: 300, seconds: 600 },
  // An admin inviting a whole department in one sitting fits; a script walking mobile numbers does not.
  invite: { max: 60, seconds: 3600 },
  // Team codes run in sequence (T00000001, …): a lookup by code must not list every team's name. A person types
  // a code or two; per user and, for many accounts behind one address, per address.
  teamLookup: { max: 10, seconds: 600 },
  teamLookupIp: { max: 30, seconds: 600 },
};

/** Parses RATE_LIMITS, e.g. `login=60/300,sms=10/3600` (max hits / window in seconds); unknown names are an error. */
export function parseLimits(text: string | undefined): Record<LimitName, Limit> {
  const limits = { ...DEFAULT_LIMITS };
  for (const part of (text ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^(\w+)=(\d+)\/(\d+)$/.exec(part);
    if (!m || !Object.hasOwn(DEFAULT_LIMITS, m[1]) || Number(m[3]) < 1)
      throw new Error(
        `RATE_LIMITS: cannot read "${part}" (name=max/seconds; names: ${Object.keys(DEFAULT_LIMITS).join(', ')})`,
      );
    limits[m[1] as LimitName] = { max: Number(m[2]), seconds: Number(m[3]) };
  }
  return limits;
}
