// What a record picker says when it has nothing to offer and nothing was searched: which page of the menu makes
// such records, with a link there (暂无可选的供应商，请先到「伙伴信息」新增或办理: the records may be made there, or reach the
// picker's stage there, as a prop order does on 订单分配), so a new team's first form tells what
// to set up first instead of an empty list. Pickers over a module outside the menu say only 暂无数据.
import { useContext } from 'react';
import { Messages } from '../../../common/rules/messages';
import type { MenuNode } from '../../../common/menu';
import { getStoredMenuTree } from '../../api/team';
import { PageNavigateContext } from '../page/page-navigate';

function findNode(tree: MenuNode[], modules: string[]): MenuNode | undefined {
  for (const n of tree) {
    if (modules.includes(n.name) && n.menuPath) return n;
    const hit = findNode(n.children ?? [], modules);
    if (hit) return hit;
  }
  return undefined;
}

export function EmptyPickerHint({ modules, title }: { modules: string[]; title: string }) {
  const navigate = useContext(PageNavigateContext);
  const node = findNode(getStoredMenuTree(), modules);
  if (!node) return <>{Messages.noData}</>;
  const path = node.menuPath!.startsWith('/') ? node.menuPath! : `/${node.menuPath}`;
  return (
    <div data-testid="empty-picker-hint" style={{ padding: '4px 8px', whiteSpace: 'normal' }}>
      暂无可选的{title}，请先到
      <a
        href={path}
        onMouseDown={(e) => e.preventDefault()}
        onClick={(e) => {
          e.preventDefault();
          navigate(path);
        }}
      >
        「{node.menuName}」
      </a>
      新增或办理
    </div>
  );
}
