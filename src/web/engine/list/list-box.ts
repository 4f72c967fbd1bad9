// Where a list's table sits on the screen: its width (how many columns fit) and its top (how tall its rows may scroll
// so the table, its scroll bar and its pager end inside the window). Read again when the window is resized.
import { useLayoutEffect, useRef, useState } from 'react';
import { debounce } from '../constants';

export interface ListBox {
  width: number;
  top: number;
}

export function useListBox(again: unknown) {
  const ref = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState<ListBox | null>(null);
  const read = useRef(() => {});
  read.current = () => {
    const el = ref.current;
    const r = el?.getBoundingClientRect();
    // Not laid out (jsdom, a hidden tab): nothing is measured and the list keeps the page's own columns and height.
    const next = r && r.width > 0 ? { width: Math.floor(r.width), top: Math.round(r.top + window.scrollY) } : null;
    setBox((b) => (b?.width === next?.width && b?.top === next?.top ? b : next));
  };
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onResize = debounce(() => read.current());
    window.addEventListener('resize', onResize);
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(onResize);
    ro?.observe(el);
    return () => {
      window.removeEventListener('resize', onResize);
      ro?.disconnect();
    };
  }, []);
  // The search form above may have grown or the rows arrived (`again` changed): the table's top is read again.
  useLayoutEffect(() => read.current(), [again]);
  return { ref, box };
}

/** Header row, pager and the page's bottom padding: what must fit under the table's rows inside the window. */
const BELOW_ROWS = 56 + 64 + 16;
const MIN_ROWS_HEIGHT = 200;

/** The rows' scroll height that ends the table and its pager inside the window. */
export function rowsHeight(box: ListBox | null): number | null {
  if (!box || typeof window === 'undefined' || !window.innerHeight) return null;
  return Math.max(MIN_ROWS_HEIGHT, window.innerHeight - box.top - BELOW_ROWS);
}
