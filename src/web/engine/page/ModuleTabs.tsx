// Module tab bar: 帮助 with the team's help text and a zoomable tips image (HelpPanel), one item per module (abbreviation
// and mobile client name, selected one highlighted), and 智能数据 at the bottom unless hidden.
import { useContext, useState } from 'react';
import { Popover, Spin } from 'antd';
import { lazyComponent } from '../lazy-load';
import { BarChartOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import type { ModuleItem } from '../../../common/schema/types';
import { Messages } from '../../../common/rules/messages';
import { TIPS_POPOVER_WIDTH } from '../constants';
import { PermissionContext } from '../Permission';

/** 帮助's panel (with its image upload) loads when first opened. */
const HelpPanel = lazyComponent(() => import('./HelpPanel').then((m) => m.HelpPanel), <Spin size="small" />);

export interface ModuleTabsProps {
  modules: ModuleItem[];
  /** The page's module: 帮助 reads (and lets admins edit) the team's guidance for it. */
  module?: string;
  selectedKey?: string;
  /** The schema's help text, shown under 帮助 until the team writes its own. */
  help?: string;
  tipsImage?: string;
  hideSmartData?: boolean;
  onSelect?: (module: ModuleItem) => void;
  onSmartData?: () => void;
}

function keyOf(m: ModuleItem) {
  return m.key ?? m.moduleAbbreviation;
}

const itemStyle = (active: boolean) => ({
  padding: '8px 4px',
  textAlign: 'center' as const,
  cursor: 'pointer',
  borderRadius: 6,
  background: active ? '#e6f4ff' : undefined,
  color: active ? '#1677ff' : undefined,
});

/**
 * The tabs the caller may open: a tab naming a module (key) needs its view code, as the server's gate does (a
 * member is not offered 薪资 to be refused there). Without codes (stories, the playground) every tab shows.
 */
function openable(modules: ModuleItem[], codes: readonly string[], selectedKey?: string) {
  if (!codes.length) return modules;
  // A key may be written as a route (design/doormanManagement): its last segment is the module.
  return modules.filter(
    (m) => !m.key || m.key === selectedKey || codes.includes(`${m.key.slice(m.key.lastIndexOf('/') + 1)}:view`),
  );
}

export function ModuleTabs({
  modules: declared,
  module,
  selectedKey,
  help,
  tipsImage,
  hideSmartData,
  onSelect,
  onSmartData,
}: ModuleTabsProps) {
  const modules = openable(declared, useContext(PermissionContext), selectedKey);
  const [selected, setSelected] = useState(selectedKey ?? (modules[0] ? keyOf(modules[0]) : undefined));
  const [helpOpen, setHelpOpen] = useState(false);
  return (
    <nav
      className="yg-module-tabs"
      style={{
        width: 72,
        display: 'flex',
        flexDirection: 'column',
        gap: 4,
        borderRight: '1px solid #f0f0f0',
        paddingRight: 4,
      }}
    >
      <Popover
        trigger="click"
        placement="rightTop"
        title={Messages.help}
        open={helpOpen}
        onOpenChange={setHelpOpen}
        content={<HelpPanel module={module} help={help} tipsImage={tipsImage} open={helpOpen} />}
        overlayStyle={{ width: TIPS_POPOVER_WIDTH }}
      >
        <div style={itemStyle(false)} role="button">
          <QuestionCircleOutlined />
          <div>{Messages.help}</div>
        </div>
      </Popover>
      {modules.map((m) => {
        const active = keyOf(m) === selected;
        return (
          <div
            key={keyOf(m)}
            role="tab"
            aria-selected={active}
            style={itemStyle(active)}
            onClick={() => {
              setSelected(keyOf(m));
              onSelect?.(m);
            }}
          >
            <div style={{ fontWeight: 600 }}>{m.moduleAbbreviation}</div>
            <div style={{ fontSize: 11, color: active ? undefined : '#888' }}>{m.mobileClientName}</div>
          </div>
        );
      })}
      {!hideSmartData && (
        <div style={{ ...itemStyle(false), marginTop: 'auto' }} role="button" onClick={onSmartData}>
          <BarChartOutlined />
          <div>{Messages.smartData}</div>
        </div>
      )}
    </nav>
  );
}
