// Category tree side panel: keyword search, 全部 root, navigation on nodes with a path,
// collapse toggle, optional add button, per-node popover menu (上移/下移, and 编辑/删除 when enabled).
import { useEffect, useMemo, useState } from 'react';
import { Button, ConfigProvider, Empty, Input, Popover, Spin, Tree } from 'antd';
import { MoreOutlined, PlusOutlined } from '@ant-design/icons';
import type { CategoryNode } from '../../../common/schema/types';
import { Messages } from '../../../common/rules/messages';
import { TREE_INDENT, TREE_MAX_HEIGHT, TREE_TOGGLE_OFFSET } from '../constants';
import { canMove, filterTree, findNode, moveNode } from './tree-ops';
import type { ReadFailure } from '../../api/data-provider';
import { readFailureText } from '../list/ReadFailureAlert';

export const ALL_KEY = '__all__';

export interface TreePanelProps {
  title: string;
  nodes: CategoryNode[];
  /** The default checked key; changing it re-selects. */
  selectedId?: string;
  addable?: boolean;
  editable?: boolean;
  loading?: boolean;
  /** Why the tree could not be read: said in place of 暂无数据, which would read as no categories. */
  failure?: ReadFailure | null;
  /** null means the 全部 root. */
  onSelect?: (node: CategoryNode | null) => void;
  onNavigate?: (path: string) => void;
  /** Called after a local swap; never at the first/last position. */
  onMove?: (id: string, direction: 'up' | 'down') => void;
  onAdd?: () => void;
  onEdit?: (node: CategoryNode) => void;
  onDelete?: (node: CategoryNode) => void;
}

type AntNode = { key: string; title: string; depth: number; node: CategoryNode | null; children?: AntNode[] };

function toAnt(nodes: CategoryNode[], depth = 1): AntNode[] {
  return nodes.map((n) => ({
    key: n.id,
    title: n.label ?? n.name,
    depth,
    node: n,
    children: n.children?.length ? toAnt(n.children, depth + 1) : undefined,
  }));
}

/**
 * A node's name on one line, cut with … where the panel ends (the full name on hover): long names such as a
 * customer's 道具项目 two levels down would otherwise wrap into a column of two or three characters a line.
 * The room is the panel's width less the indents, the expand switcher (24) and the node's padding (8).
 */
function NodeName({ n, menu }: { n: AntNode; menu?: boolean }) {
  const room = TREE_TOGGLE_OFFSET - 8 - 24 - 8 - n.depth * TREE_INDENT - (menu ? 18 : 0);
  return (
    <span
      title={n.title}
      style={{
        display: 'inline-block',
        maxWidth: Math.max(room, 48),
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
        verticalAlign: 'middle',
      }}
    >
      {n.title}
    </span>
  );
}

function siblingsOf(nodes: CategoryNode[], id: string): CategoryNode[] {
  if (nodes.some((n) => n.id === id)) return nodes;
  for (const n of nodes) {
    const s = n.children && siblingsOf(n.children, id);
    if (s?.length) return s;
  }
  return [];
}

export function TreePanel(props: TreePanelProps) {
  const { title, addable, editable, loading, failure, onSelect, onNavigate, onMove, onAdd, onEdit, onDelete } = props;
  const [nodes, setNodes] = useState(props.nodes);
  const [keyword, setKeyword] = useState('');
  const [collapsed, setCollapsed] = useState(false);
  const [selected, setSelected] = useState(props.selectedId ?? ALL_KEY);
  const [menuFor, setMenuFor] = useState<string | null>(null);

  useEffect(() => setNodes(props.nodes), [props.nodes]);
  useEffect(() => setSelected(props.selectedId ?? ALL_KEY), [props.selectedId]);

  const treeData = useMemo<AntNode[]>(
    () => [
      { key: ALL_KEY, title: Messages.treeAll, depth: 0, node: null, children: toAnt(filterTree(nodes, keyword)) },
    ],
    [nodes, keyword],
  );

  const move = (id: string, direction: 'up' | 'down') => {
    setMenuFor(null);
    const next = moveNode(nodes, id, direction);
    if (next === nodes) return; // first/last position: nothing happens
    setNodes(next);
    onMove?.(id, direction);
  };

  const select = (key: string) => {
    setSelected(key);
    const node = key === ALL_KEY ? null : (findNode(nodes, key) ?? null);
    onSelect?.(node);
    if (node?.path) (onNavigate ?? ((p: string) => window.location.assign(p)))(node.path);
  };

  const renderTitle = (n: AntNode) => {
    if (!n.node || n.node.noEdit) return <NodeName n={n} />;
    const node = n.node;
    const sibs = siblingsOf(nodes, node.id);
    const menu = (
      <div className="yg-tree-menu" style={{ display: 'flex', flexDirection: 'column' }}>
        <Button
          type="text"
          size="small"
          disabled={!canMove(sibs, node.id, 'up')}
          onClick={(e) => {
            e.stopPropagation();
            move(node.id, 'up');
          }}
        >
          {Messages.moveUp}
        </Button>
        <Button
          type="text"
          size="small"
          disabled={!canMove(sibs, node.id, 'down')}
          onClick={(e) => {
            e.stopPropagation();
            move(node.id, 'down');
          }}
        >
          {Messages.moveDown}
        </Button>
        {editable && (
          <Button
            type="text"
            size="small"
            onClick={(e) => {
              e.stopPropagation();
              setMenuFor(null);
              onEdit?.(node);
            }}
          >
            {Messages.edit}
          </Button>
        )}
        {editable && (
          <Button
            type="text"
            size="small"
            danger
            onClick={(e) => {
              e.stopPropagation();
              setMenuFor(null);
              onDelete?.(node);
            }}
          >
            {Messages.delete}
          </Button>
        )}
      </div>
    );
    return (
      <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
        <NodeName n={n} menu />
        <Popover
          trigger="click"
          placement="right"
          content={menu}
          open={menuFor === node.id}
          onOpenChange={(o) => setMenuFor(o ? node.id : null)}
        >
          <MoreOutlined aria-label={`${n.title} 菜单`} onClick={(e) => e.stopPropagation()} />
        </Popover>
      </span>
    );
  };

  return (
    <div className="yg-tree-panel" style={{ position: 'relative', display: 'flex' }}>
      {!collapsed && (
        <div style={{ width: TREE_TOGGLE_OFFSET, paddingRight: 8, boxSizing: 'border-box' }}>
          <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', marginBottom: 8 }}>
            <strong>{title}</strong>
            {addable && (
              <Button size="small" type="link" icon={<PlusOutlined />} onClick={onAdd} aria-label="新增分类" />
            )}
          </div>
          <Input.Search
            allowClear
            placeholder={Messages.keywordPlaceholder}
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
          />
          <div style={{ maxHeight: TREE_MAX_HEIGHT, overflow: 'auto', marginTop: 8 }}>
            <Spin spinning={!!loading}>
              {nodes.length || loading ? (
                <ConfigProvider theme={{ components: { Tree: { indentSize: TREE_INDENT } } }}>
                  <Tree<AntNode>
                    blockNode
                    defaultExpandAll
                    key={keyword /* re-expand after filtering */}
                    treeData={treeData}
                    selectedKeys={[selected]}
                    titleRender={renderTitle}
                    onSelect={(_keys, info) => select(String(info.node.key))}
                  />
                </ConfigProvider>
              ) : (
                <Empty
                  description={failure ? readFailureText(failure) : Messages.noData}
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                />
              )}
            </Spin>
          </div>
        </div>
      )}
      <Button
        size="small"
        className="yg-tree-toggle"
        style={{
          position: 'absolute',
          top: '50%',
          left: collapsed ? 0 : TREE_TOGGLE_OFFSET,
          padding: '0 2px',
          height: 48,
          writingMode: 'vertical-rl',
        }}
        onClick={() => setCollapsed((c) => !c)}
      >
        {collapsed ? Messages.expand : Messages.collapse}
      </Button>
      {/* Room for the toggle, open or collapsed, so it never covers the tab bar beside the panel. */}
      <div style={{ width: 24, flex: 'none' }} />
    </div>
  );
}
