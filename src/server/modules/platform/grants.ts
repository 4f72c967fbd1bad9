// Which mode a new team is granted (行业模块 默认模式): its industry's default mode when that mode is
// enabled and made for the team's type; otherwise the first enabled mode of the type (by sort). The grant starts
// today as 试用 for the mode's 有效天数 (no end when the mode names none). Modules: the mode's enabled ones.

import type { DB } from '../../db';
import { badRequest } from '../../errors';
import { todayInChina } from '../../../common/china-time';
import { effectiveModules } from './catalogue';

export interface NewTeamMode {
  modeId: number;
  modules: string[];
  industryCode: string | null;
  seedDicts: string[];
  periodStart: string;
  periodEnd: string | null;
}

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

export async function modeForNewTeam(
  db: DB,
  type: 'individual' | 'enterprise',
  industryCode: string | null,
): Promise<NewTeamMode | null> {
  const industry = industryCode
    ? await db
        .selectFrom('platform_industries')
        .select(['industry_code', 'default_mode_id', 'seed_dicts'])
        .where('industry_code', '=', industryCode)
        .where('enabled', '=', true)
        .executeTakeFirst()
    : undefined;
  const modes = await db
    .selectFrom('platform_modes')
    .select(['id', 'module_ids', 'valid_days'])
    .where('mode_type', '=', type)
    .where('enabled', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const mode = modes.find((m) => industry && Number(m.id) === Number(industry.default_mode_id)) ?? modes[0];
  if (!mode) return null;
  const open = new Set((await effectiveModules(db)).filter((v) => v.enabled && !v.platform).map((v) => v.key));
  const today = todayInChina();
  return {
    modeId: Number(mode.id),
    modules: mode.module_ids.filter((k) => open.has(k)),
    industryCode: industry?.industry_code ?? null,
    seedDicts: industry?.seed_dicts ?? [],
    periodStart: today,
    periodEnd: mode.valid_days ? addDays(today, mode.valid_days) : null,
  };
}

/** Team creation names an industry: unknown or disabled → refused with a message. */
export async function assertIndustry(db: DB, code: string): Promise<void> {
  const row = await db
    .selectFrom('platform_industries')
    .select('id')
    .where('industry_code', '=', code)
    .where('enabled', '=', true)
    .executeTakeFirst();
  if (!row) throw badRequest(`行业不存在或已停用：${code}`);
}
