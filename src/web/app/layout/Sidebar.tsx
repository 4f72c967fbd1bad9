import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { ACTIVE_MENU_KEY, type MenuNode } from '../../api/team';
import { MenuIcon } from './menu-icons';

type Item = Required<MenuProps>['items'][number];

const groupKey = (n: MenuNode) => `group:${n.id}`;

/** Menu items from the saved tree: nodes with children become submenus, leaves navigate by menuPath. */
export function menuItems(tree: MenuNode[]): Item[] {
  return tree.map((n): Item => {
    if (n.children?.length) {
      return {
        key: groupKey(n),
        icon: <MenuIcon name={n.menuIcon} />,
        label: n.menuName || n.groupTitle,
        children: menuItems(n.children),
      };
    }
    return {
      key: n.menuPath || n.id,
      icon: n.menuIcon ? <MenuIcon name={n.menuIcon} /> : undefined,
      label: n.menuName,
      title: n.menuName,
    };
  });
}

/** The submenu keys on the way to the node whose menuPath is `path`. */
export function openKeysFor(tree: MenuNode[], path: string, trail: string[] = []): string[] | null {
  for (const n of tree) {
    if (n.children?.length) {
      const found = openKeysFor(n.children, path, [...trail, groupKey(n)]);
      if (found) return found;
    } else if (n.menuPath === path) {
      return trail;
    }
  }
  return null;
}

function readOpen(): string[] | null {
  try {
    const raw = sessionStorage.getItem(ACTIVE_MENU_KEY);
    const v = raw ? JSON.parse(raw) : null;
    return Array.isArray(v) ? v : null;
  } catch {
    return null;
  }
}

interface Props {
  tree: MenuNode[];
  pathname: string;
  collapsed: boolean;
  onNavigate(path: string): void;
}

/**
 * The sidebar menu. The open submenus are the "active menu": kept for the browser
 * session, seeded with the group of the current route, cleared on a team switch.
 */
export function Sidebar({ tree, pathname, collapsed, onNavigate }: Props) {
  const items = useMemo(() => menuItems(tree), [tree]);
  const [open, setOpen] = useState<string[]>(() => {
    const saved = readOpen() ?? [];
    const needed = openKeysFor(tree, pathname) ?? [];
    return [...new Set([...saved, ...needed])];
  });
  // The tree may arrive after the first render (no cache yet): open the current route's group then.
  useEffect(() => {
    const needed = openKeysFor(tree, pathname);
    if (needed?.length) setOpen((o) => (needed.every((k) => o.includes(k)) ? o : [...new Set([...o, ...needed])]));
  }, [tree, pathname]);
  // Collapsed, groups open as hover popups: their state must not leak into the expanded menu.
  const [popupOpen, setPopupOpen] = useState<string[]>([]);
  const onOpenChange = (keys: string[]) => {
    if (collapsed) return setPopupOpen(keys);
    setOpen(keys);
    try {
      sessionStorage.setItem(ACTIVE_MENU_KEY, JSON.stringify(keys));
    } catch {
      /* ignore */
    }
  };
  return (
    <Menu
      className="yg-sider-menu"
      mode="inline"
      data-testid="sidebar-menu"
      selectedKeys={[pathname]}
      openKeys={collapsed ? popupOpen : open}
      onOpenChange={onOpenChange}
      items={items}
      onClick={({ key }) => {
        if (key.startsWith('/')) onNavigate(key);
      }}
    />
  );
}
