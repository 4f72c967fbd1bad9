// What every change of a team's records runs with: the team, the page schemas, and the day and moment it
// happens on (the demo story sets its own).
import { todayInChina } from '../../../common/china-time';
import type { SchemaRegistry } from './schema-registry';

/** The logger a change reports to (the request's, with its id; pino's and Fastify's loggers fit). */
export interface RunLog {
  warn: (obj: Record<string, unknown>, msg: string) => void;
  error: (obj: Record<string, unknown>, msg: string) => void;
}

export interface Ctx {
  tenant: string;
  schemas: SchemaRegistry;
  /** Today (YYYY-MM-DD) for rules, defaults and effects; default: today in China time. The demo story sets its own. */
  today?: string;
  /** The moment of the transition, for clock-driven stages; default: now. The demo story sets its own. */
  now?: Date;
  /** Where a failing effect is reported; without it, the server's logger (effects.ts). */
  log?: RunLog;
}

/** The day a transition happens on. */
export const todayOf = (ctx: Ctx) => ctx.today ?? todayInChina();
