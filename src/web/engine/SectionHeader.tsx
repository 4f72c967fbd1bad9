// Section header (spec §2.11): title, optional classification tabs, year arrows or a month/year toggle.
import { useState, type ReactNode } from 'react';
import { Button, Space, Tabs } from 'antd';
import { Segmented } from './lazy-antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { SectionHeaderConfig } from '../../common/schema/types';

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
}

/** The period the header starts on: this month in month/year mode, else this year (what the list is first filtered by). */
export function initialPeriod(dateMode: SectionHeaderConfig['dateMode'], now?: string): string {
  return dayjs(now).format(dateMode === 'monthYear' ? 'YYYY-MM' : 'YYYY');
}

export function SectionHeader({ config, now, onChange, tab: shown, extra }: SectionHeaderProps) {
  const [own, setTab] = useState(config.tabs?.[0]?.value);
  const tab = shown ?? own;
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
  const step = (delta: number) => {
    const d = date.add(delta, mode);
    setDate(d);
    emit({ date: d });
  };
  return (
    <div className="yg-section-header" style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 16, marginBottom: 8 }}>
      {/* The title never wraps; many tabs share what is left of the row (the rest go to the tabs' 更多 menu). */}
      <div style={{ display: 'flex', alignItems: 'center', gap: 16, minWidth: 0, flex: '1 1 auto' }}>
        <strong style={{ fontSize: 16, whiteSpace: 'nowrap', flexShrink: 0 }}>{config.title}</strong>
        {config.tabs?.length ? (
          <Tabs
            activeKey={tab}
            onChange={(k) => { setTab(k); emit({ tab: k }); }}
            items={config.tabs.map((t) => ({ key: t.value, label: t.label }))}
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
              value={mode}
              options={[{ label: '月', value: 'month' }, { label: '年', value: 'year' }]}
              onChange={(v) => { setMode(v as 'month' | 'year'); emit({ mode: v as 'month' | 'year' }); }}
            />
          )}
          <Button size="small" icon={<LeftOutlined />} aria-label="上一期" onClick={() => step(-1)} />
          <span className="yg-period" style={{ minWidth: 64, textAlign: 'center', display: 'inline-block' }}>{period(mode, date)}</span>
          <Button size="small" icon={<RightOutlined />} aria-label="下一期" onClick={() => step(1)} />
        </Space>
      )}
    </div>
  );
}
