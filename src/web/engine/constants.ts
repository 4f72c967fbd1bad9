// Layout constants (sizes, heights, widths) and the small calculations that use them.

export const TREE_INDENT = 28;
/** Tree scroll area: viewport minus 320px. */
export const TREE_MAX_HEIGHT = 'calc(100vh - 320px)';
/** With the side panel open the collapse toggle sits 181px from the left. */
export const TREE_TOGGLE_OFFSET = 181;

export const TIPS_POPOVER_WIDTH = 800;
export const TIPS_ZOOM_RATE = 1.2;
export const TIPS_MIN_SCALE = 0.2;
export const TIPS_MAX_SCALE = 7;

export const POPOVER_DEFAULT_WIDTH = 200;
export const POPOVER_DEFAULT_TRIGGER = 'hover' as const;
export const POPOVER_MIN_COLUMN_WIDTH = 60;
const CHAR_WIDTH = 7;
const COLUMN_PADDING = 20;

export const DIALOG_WIDTH = 400;
export const CONFIRM_DIALOG_WIDTH = 500;
export const DRAWER_WIDTH = 800;
export const PAGINATION_LAYOUT = ['prev', 'pager', 'next'] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const RESIZE_DEBOUNCE_MS = 16;
/** Multi-select shows this many tags, then "+N". */
export const MAX_TAG_COUNT = 2;

/** Zooms the tips image by 1.2 per step, clamped to 0.2 … 7. */
export function zoomScale(scale: number, direction: 'in' | 'out'): number {
  const next = direction === 'in' ? scale * TIPS_ZOOM_RATE : scale / TIPS_ZOOM_RATE;
  return Math.min(TIPS_MAX_SCALE, Math.max(TIPS_MIN_SCALE, next));
}

/** Popover sub-table column width: 7 per character, Chinese counting double, plus 20, at least 60. */
export function estimateColumnWidth(text: string): number {
  let units = 0;
  for (const ch of text) units += /[\u3000-\u9fff\uff00-\uffef]/.test(ch) ? 2 : 1;
  return Math.max(POPOVER_MIN_COLUMN_WIDTH, units * CHAR_WIDTH + COLUMN_PADDING);
}

/**
 * Table scroll height: an explicit height wins; a list without tabs loses 250px,
 * a data list on a workflow (OA) page 370px, any other data list 324px.
 */
export function tableHeight(opts: { height?: number; hasTabs?: boolean; workflow?: boolean }): number | string {
  if (opts.height) return opts.height;
  if (!opts.hasTabs) return 'calc(100vh - 250px)';
  return opts.workflow ? 'calc(100vh - 370px)' : 'calc(100vh - 324px)';
}

/** Calls `fn` once the calls have stopped for `ms` (resize notifications use 16 ms). */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms = RESIZE_DEBOUNCE_MS): (...args: A) => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (...args: A) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}
