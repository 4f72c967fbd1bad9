// antd icons named by the server's menu tree (menuIcon, e.g. 'AccountBookOutlined'). The icon set is in
// the bundle anyway (the form library imports all of it), so a name is looked up directly.
import * as AntIcons from '@ant-design/icons';
import { AppstoreOutlined } from '@ant-design/icons';
import type { ComponentType } from 'react';

type IconType = ComponentType<{ className?: string }>;

/** The icon component for a name; AppstoreOutlined for an unknown or non-icon name. */
export function iconByName(name?: string): IconType {
  if (!name || !/^[A-Z][A-Za-z]+(Outlined|Filled|TwoTone)$/.test(name)) return AppstoreOutlined;
  return ((AntIcons as unknown as Record<string, IconType>)[name]) ?? AppstoreOutlined;
}

export function MenuIcon({ name }: { name?: string }) {
  const Icon = iconByName(name);
  return <Icon className="yg-menu-icon" />;
}
