// The icons the server's menu tree names (menuIcon): the portal's HomeOutlined and the group icons of
// catalogue/modules.json. An explicit map, because importing the whole icon set by name
// put every antd icon (about a quarter of the old single bundle) into every page.
import {
  AccountBookOutlined,
  AppstoreOutlined,
  ContactsOutlined,
  ControlOutlined,
  DesktopOutlined,
  GiftOutlined,
  HomeOutlined,
  InboxOutlined,
  ProjectOutlined,
  RiseOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

type IconType = ComponentType<{ className?: string }>;

// A new group icon in catalogue.json needs its line here; until then it shows AppstoreOutlined.
const MENU_ICONS: Record<string, IconType> = {
  AccountBookOutlined,
  AppstoreOutlined,
  ContactsOutlined,
  ControlOutlined,
  DesktopOutlined,
  GiftOutlined,
  HomeOutlined,
  InboxOutlined,
  ProjectOutlined,
  RiseOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
};

/** The icon component for a name; AppstoreOutlined for an unknown name. */
export function iconByName(name?: string): IconType {
  return (name && Object.hasOwn(MENU_ICONS, name) ? MENU_ICONS[name] : undefined) ?? AppstoreOutlined;
}

export function MenuIcon({ name }: { name?: string }) {
  const Icon = iconByName(name);
  return <Icon className="yg-menu-icon" />;
}
