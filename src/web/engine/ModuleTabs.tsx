// Module tab bar (spec §2.2): 帮助 with a zoomable tips image, one item per module (abbreviation
// and mobile client name, selected one highlighted), and 智能数据 at the bottom unless hidden.
import { useState, type WheelEvent } from 'react';
import { Button, Empty, Popover, Space } from 'antd';
import { BarChartOutlined, QuestionCircleOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import type { ModuleItem } from '../../common/schema/types';
import { Messages } from '../../common/rules/messages';
import { TIPS_POPOVER_WIDTH, zoomScale } from './constants';

export interface ModuleTabsProps {
  modules: ModuleItem[];
  selectedKey?: string;
  tipsImage?: string;
  hideSmartData?: boolean;
  onSelect?: (module: ModuleItem) => void;
  onSmartData?: () => void;
}

function keyOf(m: ModuleItem) {
  return m.key ?? m.moduleAbbreviation;
}

function TipsImage({ src }: { src?: string }) {
  const [scale, setScale] = useState(1);
  if (!src) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={Messages.noData} />;
  const onWheel = (e: WheelEvent) => setScale((s) => zoomScale(s, e.deltaY < 0 ? 'in' : 'out'));
  return (
    <div style={{ width: TIPS_POPOVER_WIDTH - 32 }}>
      <Space style={{ marginBottom: 8 }}>
        <Button size="small" icon={<ZoomOutOutlined />} aria-label="缩小" onClick={() => setScale((s) => zoomScale(s, 'out'))} />
        <span className="yg-scale">{Math.round(scale * 100)}%</span>
        <Button size="small" icon={<ZoomInOutlined />} aria-label="放大" onClick={() => setScale((s) => zoomScale(s, 'in'))} />
      </Space>
      <div style={{ overflow: 'auto', maxHeight: '60vh' }} onWheel={onWheel}>
        <img src={src} alt={Messages.help} style={{ transform: `scale(${scale})`, transformOrigin: '0 0', maxWidth: '100%' }} />
      </div>
    </div>
  );
}

const itemStyle = (active: boolean) => ({
  padding: '8px 4px', textAlign: 'center' as const, cursor: 'pointer', borderRadius: 6,
  background: active ? '#e6f4ff' : undefined, color: active ? '#1677ff' : undefined,
});

export function ModuleTabs({ modules, selectedKey, tipsImage, hideSmartData, onSelect, onSmartData }: ModuleTabsProps) {
  const [selected, setSelected] = useState(selectedKey ?? (modules[0] ? keyOf(modules[0]) : undefined));
  return (
    <nav className="yg-module-tabs" style={{ width: 72, display: 'flex', flexDirection: 'column', gap: 4, borderRight: '1px solid #f0f0f0', paddingRight: 4 }}>
      <Popover trigger="click" placement="rightTop" title={Messages.help} content={<TipsImage src={tipsImage} />} overlayStyle={{ width: TIPS_POPOVER_WIDTH }}>
        <div style={itemStyle(false)} role="button"><QuestionCircleOutlined /><div>{Messages.help}</div></div>
      </Popover>
      {modules.map((m) => {
        const active = keyOf(m) === selected;
        return (
          <div key={keyOf(m)} role="tab" aria-selected={active} style={itemStyle(active)} onClick={() => { setSelected(keyOf(m)); onSelect?.(m); }}>
            <div style={{ fontWeight: 600 }}>{m.moduleAbbreviation}</div>
            <div style={{ fontSize: 11, color: active ? undefined : '#888' }}>{m.mobileClientName}</div>
          </div>
        );
      })}
      {!hideSmartData && (
        <div style={{ ...itemStyle(false), marginTop: 'auto' }} role="button" onClick={onSmartData}>
          <BarChartOutlined /><div>{Messages.smartData}</div>
        </div>
      )}
    </nav>
  );
}
