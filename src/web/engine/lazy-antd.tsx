// antd components a list page's first view rarely shows, fetched when first rendered (engine/lazy-load.tsx): the
// month/year switch and sub-tabs (Segmented), a detail popover's description list (Descriptions) and a list's error
// banner (Alert).
import { lazyComponent } from './lazy-load';

export const Segmented = lazyComponent(() => import('antd/es/segmented').then((m) => m.default));
export const Descriptions = lazyComponent(() => import('antd/es/descriptions').then((m) => m.default));
export const Alert = lazyComponent(() => import('antd/es/alert').then((m) => m.default));
