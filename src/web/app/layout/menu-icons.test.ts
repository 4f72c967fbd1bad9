// Every icon the menu catalogue names must be in the explicit map, else its group silently shows the fallback.
import { AppstoreOutlined } from '@ant-design/icons';
import { describe, expect, it } from 'vitest';
import catalogue from '../../../../catalogue/modules.json';
import { buildMenuTree } from '../../../server/modules/menu/catalogue';
import { iconByName } from './menu-icons';

describe('menu icons', () => {
  it('maps every icon of the catalogue and of the built tree', () => {
    const names = new Set<string>(catalogue.groups.map((g) => g.icon));
    for (const n of buildMenuTree(new Set(catalogue.modules.map((m) => m.key)))) if (n.menuIcon) names.add(n.menuIcon);
    expect(names.size).toBeGreaterThan(5);
    for (const name of names) expect(iconByName(name), name).not.toBe(AppstoreOutlined);
  });

  it('falls back for unknown names, including inherited object keys', () => {
    for (const name of [undefined, '', 'NoSuchIconOutlined', 'toString', 'constructor'])
      expect(iconByName(name)).toBe(AppstoreOutlined);
  });
});
