import { Button, Dropdown, Space } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import type { ButtonDef } from '../../../common/schema/types';
import { Permission, hasPermission, PermissionContext } from '../Permission';
import { useContext } from 'react';

/**
 * The buttons the server allows (`allowed`: the record's actions; null: all): a dropdown keeps the items allowed
 * and is left out when none is (a row's 单据 menu offers only the documents the caller may make).
 */
export function allowedButtons(buttons: ButtonDef[], allowed: string[] | null): ButtonDef[] {
  if (!allowed) return buttons;
  return keepButtons(
    buttons,
    (b) => b.action === 'view' || allowed.includes(b.key!),
    (c) => allowed.includes(c.key!),
  );
}

/** The buttons `keep` keeps, and the dropdowns with the items `keepItem` keeps; a dropdown left empty goes too. */
function keepButtons(
  buttons: ButtonDef[],
  keep: (b: ButtonDef) => boolean,
  keepItem: (c: ButtonDef) => boolean,
): ButtonDef[] {
  return buttons.flatMap((b) => {
    if (!b.children?.length) return keep(b) ? [b] : [];
    const children = b.children.filter(keepItem);
    return children.length ? [{ ...b, children }] : [];
  });
}

/**
 * Plain buttons, or a dropdown when a button has children; each behind its permission code. A dropdown keeps the
 * items the caller may use and is left out when none is left (批量操作 with only 批量删除 for a role without 删除).
 */
export function ActionButtons({
  buttons,
  onClick,
  size,
}: {
  buttons: ButtonDef[];
  onClick: (b: ButtonDef) => void;
  size?: 'small' | 'middle';
}) {
  const codes = useContext(PermissionContext);
  // Plain buttons stay here: <Permission> below hides each one the caller lacks.
  const usable = keepButtons(
    buttons,
    () => true,
    (c) => hasPermission(codes, c.permissionCode),
  );
  return (
    <Space wrap size={size === 'small' ? 4 : 8}>
      {usable.map((b) => (
        <Permission key={b.key} code={b.permissionCode}>
          {b.children?.length ? (
            <Dropdown
              menu={{
                items: b.children.map((c) => ({ key: c.key!, label: c.text, danger: c.danger })),
                onClick: ({ key }) => onClick(b.children!.find((c) => c.key === key)!),
              }}
            >
              <Button size={size} type={b.type}>
                {b.text} <DownOutlined />
              </Button>
            </Dropdown>
          ) : (
            <Button
              size={size}
              type={b.type}
              danger={b.danger}
              onClick={() => onClick(b)}
              style={b.type === 'link' ? { padding: 0 } : undefined}
            >
              {b.text}
            </Button>
          )}
        </Permission>
      ))}
    </Space>
  );
}
