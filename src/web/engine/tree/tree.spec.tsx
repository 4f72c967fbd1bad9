// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { CategoryNode } from '../../../common/schema/types';
import { TreePanel } from './TreePanel';
import { canMove, filterTree, moveNode } from './tree-ops';

afterEach(cleanup);

const nodes: CategoryNode[] = [
  {
    id: 'a',
    name: '柜台',
    children: [
      { id: 'a1', name: '高柜' },
      { id: 'a2', name: '矮柜' },
    ],
  },
  { id: 'b', name: '中岛' },
  { id: 'c', name: '灯箱', path: '/lightbox' },
];

describe('tree ops', () => {
  it('swaps with the sibling, nothing at the edges', () => {
    expect(moveNode(nodes, 'b', 'up').map((n) => n.id)).toEqual(['b', 'a', 'c']);
    expect(moveNode(nodes, 'b', 'down').map((n) => n.id)).toEqual(['a', 'c', 'b']);
    expect(moveNode(nodes, 'a', 'up')).toBe(nodes);
    expect(moveNode(nodes, 'c', 'down')).toBe(nodes);
    expect(moveNode(nodes, 'a2', 'up')[0].children!.map((n) => n.id)).toEqual(['a2', 'a1']);
    expect(moveNode(nodes, 'a2', 'down')).toBe(nodes);
    expect(canMove(nodes, 'a1', 'up')).toBe(false);
  });
  it('keyword filter keeps ancestors of matches', () => {
    expect(filterTree(nodes, '矮')).toEqual([{ ...nodes[0], children: [{ id: 'a2', name: '矮柜', children: [] }] }]);
  });
});

function openMenu(name: string) {
  fireEvent.click(screen.getByLabelText(`${name} 菜单`));
  return screen.getAllByText('上移').at(-1)!.closest('.yg-tree-menu') as HTMLElement;
}

function topLevelOrder(container: HTMLElement) {
  return [...container.querySelectorAll('.ant-tree-treenode')]
    .map((n) => n.textContent)
    .filter((t) => ['柜台', '中岛', '灯箱'].includes(t!));
}

describe('TreePanel', () => {
  it('a tree that could not be read says why instead of 暂无数据', () => {
    const { rerender } = render(<TreePanel title="分类" nodes={[]} failure="unreachable" />);
    expect(screen.getByText('无法连接服务器，正在重试…')).toBeTruthy();
    expect(screen.queryByText('暂无数据')).toBeNull();
    rerender(<TreePanel title="分类" nodes={[]} failure={null} />);
    expect(screen.getByText('暂无数据')).toBeTruthy();
  });

  it('shows the title, 全部 root and search placeholder', () => {
    render(<TreePanel title="道具分类" nodes={nodes} />);
    expect(screen.getByText('道具分类')).toBeTruthy();
    expect(screen.getByText('全部')).toBeTruthy();
    expect(screen.getByPlaceholderText('请输入关键字搜索')).toBeTruthy();
  });

  it('move up at the first position does nothing; move down swaps and reports', () => {
    const onMove = vi.fn();
    const { container } = render(<TreePanel title="t" nodes={nodes} onMove={onMove} />);
    let menu = openMenu('柜台');
    const up = within(menu).getByText('上移').closest('button')!;
    expect(up.disabled).toBe(true);
    fireEvent.click(up);
    expect(onMove).not.toHaveBeenCalled();
    fireEvent.click(within(menu).getByText('下移'));
    expect(onMove).toHaveBeenCalledWith('a', 'down');
    expect(topLevelOrder(container)).toEqual(['中岛', '柜台', '灯箱']);
    menu = openMenu('灯箱');
    const down = within(menu).getByText('下移').closest('button')!;
    expect(down.disabled).toBe(true);
    fireEvent.click(down);
    expect(onMove).toHaveBeenCalledTimes(1);
  });

  it('edit and delete appear only when enabled', () => {
    const { unmount } = render(<TreePanel title="t" nodes={nodes} />);
    let menu = openMenu('中岛');
    expect(within(menu).queryByText('编辑')).toBeNull();
    unmount();
    const onDelete = vi.fn();
    render(<TreePanel title="t" nodes={nodes} editable onDelete={onDelete} />);
    menu = openMenu('中岛');
    fireEvent.click(within(menu).getByText('删除'));
    expect(onDelete).toHaveBeenCalledWith(nodes[1]);
  });

  it('locked nodes have no menu', () => {
    render(<TreePanel title="t" nodes={[{ id: 'x', name: '锁定', noEdit: true }]} />);
    expect(screen.queryByLabelText('锁定 菜单')).toBeNull();
  });

  it('selecting highlights the node, navigates when it has a path; a new default key re-selects', () => {
    const onSelect = vi.fn();
    const onNavigate = vi.fn();
    const { container, rerender } = render(
      <TreePanel title="t" nodes={nodes} onSelect={onSelect} onNavigate={onNavigate} />,
    );
    const selected = () => container.querySelector('.ant-tree-node-selected')?.textContent;
    expect(selected()).toBe('全部');
    fireEvent.click(screen.getByText('中岛'));
    expect(selected()).toBe('中岛');
    expect(onSelect).toHaveBeenLastCalledWith(nodes[1]);
    expect(onNavigate).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText('灯箱'));
    expect(onNavigate).toHaveBeenCalledWith('/lightbox');
    rerender(<TreePanel title="t" nodes={nodes} selectedId="a1" onSelect={onSelect} onNavigate={onNavigate} />);
    expect(selected()).toBe('高柜');
  });

  it('collapses and expands; keyword filters', () => {
    render(<TreePanel title="道具分类" nodes={nodes} />);
    fireEvent.change(screen.getByPlaceholderText('请输入关键字搜索'), { target: { value: '矮' } });
    expect(screen.queryByText('中岛')).toBeNull();
    expect(screen.getByText('矮柜')).toBeTruthy();
    const toggle = () => document.querySelector('.yg-tree-toggle') as HTMLButtonElement;
    expect(toggle().textContent!.replace(/\s/g, '')).toBe('收起');
    expect(toggle().style.left).toBe('181px');
    fireEvent.click(toggle());
    expect(screen.queryByText('道具分类')).toBeNull();
    expect(toggle().textContent!.replace(/\s/g, '')).toBe('展开');
    fireEvent.click(toggle());
    expect(screen.getByText('道具分类')).toBeTruthy();
  });
});
