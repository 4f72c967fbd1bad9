// Section header: title, optional classification tabs, year arrows or a month/year toggle.
import { useState, type ReactNode } from 'react';
import { Button, Select, Space, Tabs } from 'antd';
import { Segmented } from '../lazy-antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { ListTab, SectionHeaderConfig } from '../../../common/schema/types';

export interface SectionHeaderValue {
  tab?: string;
  mode: 'month' | 'year';
  /** 'YYYY' in year mode, 'YYYY-MM' in month mode. */
  period: string;
}

export interface SectionHeaderProps {
  config: SectionHeaderConfig;
  /** The current date the arrows start from (stories and tests pin it). */
  now?: string;
  onChange?: (value: SectionHeaderValue) => void;
  /** The active tab, when the page keeps it (e.g. a tab that switches to a nested entity). */
  tab?: string;
  /** Shown after the tabs (the active nested entity's own tabs). */
  extra?: ReactNode;
  /**
   * The shown list tab is a work queue (ListTab.queue), which no period narrows: the period control shows 全部 and
   * its arrows rest. Default: whether the active tab of `config.tabs` is one (a page passes it for a nested list's tab).
   */
  queue?: boolean;
}

/** Up to this many tabs show side by side; beyond it grouped tabs fold (foldTabs). */
export const MAX_INLINE_TABS = 8;
const GROUP = '@group:';

/**
 * The header's tabs as shown: up to MAX_INLINE_TABS side by side. Beyond that the tabs of a `group` (a schema's, or the
 * stage tabs of `stageTabs`) fold into one tab choosing among them (阶段：制作中 ▾), and ungrouped ones past the limit
 * into 更多 — so a page with 15 stage tabs keeps every tab one click away instead of behind the tab bar's "…".
 */
export function foldTabs(tabs: ListTab[]): { inline: ListTab[]; groups: { name: string; tabs: ListTab[] }[] } {
  if (tabs.length <= MAX_INLINE_TABS) return { inline: tabs, groups: [] };
  const byGroup = new Map<string, ListTab[]>();
  const inline: ListTab[] = [];
  for (const t of tabs) {
    if (t.group) byGroup.set(t.group, [...(byGroup.get(t.group) ?? []), t]);
    else inline.push(t);
  }
  const groups = [...byGroup].map(([name, list]) => ({ name, tabs: list }));
  const room = Math.max(1, MAX_INLINE_TABS - groups.length - 1);
  if (inline.length > room + 1) groups.push({ name: '更多', tabs: inline.splice(room) });
  return { inline, groups };
}

/** The period the header starts on: this month in month/year mode, else this year (what the list is first filtered by). */
export { initialPeriod } from './page-views';

export function SectionHeader({ config, now, onChange, tab: shown, extra, queue: queueShown }: SectionHeaderProps) {
  const [own, setTab] = useState(config.tabs?.[0]?.value);
  const tab = shown ?? own;
  // The month or year chosen stays while a queue is shown, for the history tabs chosen after it.
  const queue = queueShown ?? config.tabs?.some((t) => t.value === tab && t.queue === true) ?? false;
  const [mode, setMode] = useState<'month' | 'year'>(config.dateMode === 'monthYear' ? 'month' : 'year');
  const [date, setDate] = useState(() => dayjs(now));
  const dateMode = config.dateMode ?? 'none';
  const period = (m: 'month' | 'year', d: dayjs.Dayjs) => (m === 'year' ? d.format('YYYY') : d.format('YYYY-MM'));
  const emit = (next: Partial<{ tab: string; mode: 'month' | 'year'; date: dayjs.Dayjs }>) => {
    const t = next.tab ?? tab;
    const m = next.mode ?? mode;
    const d = next.date ?? date;
    onChange?.({ tab: t, mode: m, period: period(m, d) });
  };
  const folded = foldTabs(config.tabs ?? []);
  const choose = (k: string) => {
    setTab(k);
    emit({ tab: k });
  };
  const step = (delta: number) => {
    const d = date.add(delta, mode);
    setDate(d);
    emit({ date: d });
  };
  return (
    <div
      className="yg-section-header"
      style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 16, marginBottom: 8 }}
    >
      {/* The title never wraps; many tabs share what is left of the row (the rest go to the tabs' 更多 menu). */}
      <div style={{ display: 'flex', alignItems: 'center', gap: 16, minWidth: 0, flex: '1 1 auto' }}>
        <strong style={{ fontSize: 16, whiteSpace: 'nowrap', flexShrink: 0 }}>{config.title}</strong>
        {config.tabs?.length ? (
          <Tabs
            activeKey={
              folded.groups.find((g) => g.tabs.some((t) => t.value === tab))
                ? GROUP + folded.groups.find((g) => g.tabs.some((t) => t.value === tab))!.name
                : tab
            }
            onChange={(k) => {
              if (!k.startsWith(GROUP)) choose(k);
            }}
            items={[
              ...folded.inline.map((t) => ({ key: t.value, label: t.label })),
              ...folded.groups.map((g) => {
                const active = g.tabs.find((t) => t.value === tab);
                return {
                  key: GROUP + g.name,
                  label: (
                    <Select
                      className="yg-tab-group"
                      size="small"
                      variant="borderless"
                      aria-label={g.name}
                      value={active?.value}
                      placeholder={g.name}
                      popupMatchSelectWidth={false}
                      // Every choice drawn (a group holds a few dozen at most), so none hides in a virtual list.
                      virtual={false}
                      listHeight={Math.min(480, g.tabs.length * 32 + 8)}
                      options={g.tabs.map((t) => ({ label: t.label, value: t.value }))}
                      labelRender={(o) => `${g.name}：${String(o.label ?? '')}`}
                      onChange={(v: string) => choose(v)}
                      style={{ minWidth: 96 }}
                    />
                  ),
                };
              }),
            ]}
            style={{ marginBottom: -16, minWidth: 0, flex: '0 1 auto' }}
          />
        ) : null}
        {extra}
      </div>
      {dateMode !== 'none' && (
        <Space style={{ flexShrink: 0 }}>
          {dateMode === 'monthYear' && (
            <Segmented
              size="small"
              disabled={queue}
              value={mode}
              options={[
                { label: '月', value: 'month' },
                { label: '年', value: 'year' },
              ]}
              onChange={(v) => {
                setMode(v as 'month' | 'year');
                emit({ mode: v as 'month' | 'year' });
              }}
            />
          )}
          <Button size="small" icon={<LeftOutlined />} aria-label="上一期" disabled={queue} onClick={() => step(-1)} />
          <span
            className="yg-period"
            title={queue ? '待办列表显示全部待处理记录，不按月份或年份筛选' : undefined}
            style={{ minWidth: 64, textAlign: 'center', display: 'inline-block' }}
          >
            {queue ? '全部' : period(mode, date)}
          </span>
          <Button size="small" icon={<RightOutlined />} aria-label="下一期" disabled={queue} onClick={() => step(1)} />
        </Space>
      )}
    </div>
  );
}
