import type { ReactNode } from 'react';

/** List page layout: tree, tab bar, the list itself, and a slot for other pages. */
export function ListLayout({
  tree,
  tabs,
  header,
  children,
  extra,
}: {
  tree?: ReactNode;
  tabs?: ReactNode;
  header?: ReactNode;
  children: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <div
      className="yg-list-layout"
      style={{ display: 'flex', gap: 12, alignItems: 'stretch', padding: 12, background: '#fff' }}
    >
      {tree}
      {tabs}
      <main style={{ flex: 1, minWidth: 0 }}>
        {header}
        {children}
      </main>
      {extra}
    </div>
  );
}
