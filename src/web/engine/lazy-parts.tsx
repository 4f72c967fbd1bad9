// Parts of a page its first view does not show, each a chunk of its own: the drawer and the dialogs (with their
// line tables, timelines and field kinds), fetched when first opened, and the editors of the special page kinds
// (dictionary, field options, team admin, platform tables), fetched when such a page is shown. A list page's first
// load then carries only what draws the list.
import { useState, type ComponentProps, type ComponentType } from 'react';
import { Spin } from 'antd';
import { lazyComponent } from './lazy-load';
import type { AddDialog as AddDialogType } from './dialogs/AddDialog';
import type { SideDrawer as SideDrawerType } from './drawer/SideDrawer';
import type { ImportDialog as ImportDialogType } from './excel/ImportDialog';
import type { DictionaryEditor as DictionaryEditorType } from './dictionary/DictionaryEditor';
import type { FieldOptionsEditor as FieldOptionsEditorType } from './field-options/FieldOptionsEditor';
import type { TeamAdminEditor as TeamAdminEditorType } from './team-admin/TeamAdminEditor';
import type { PlatformTableEditor as PlatformTableEditorType } from './platform-table/PlatformTableEditor';

type Loader<C> = () => Promise<C>;

/**
 * A drawer or dialog rendered (and its code fetched) from the first time it is open; closed before that, it renders
 * nothing, as antd's Drawer and Modal render no content before their first open. Once open it stays mounted.
 */
// biome-ignore lint/suspicious/noExplicitAny: any component, whatever its props, as React's own lazy() takes
export function onFirstOpen<C extends ComponentType<any>>(load: Loader<C>) {
  const Lazy = lazyComponent(load);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part at module load, never during a render
  return function OnFirstOpen(props: ComponentProps<C> & { open?: boolean }) {
    const [opened, setOpened] = useState(!!props.open);
    if (props.open && !opened) setOpened(true);
    if (!opened && !props.open) return null;
    return <Lazy {...props} />;
  };
}

/** A whole page's editor: a spinner while its chunk arrives. */
// biome-ignore lint/suspicious/noExplicitAny: any component, whatever its props, as React's own lazy() takes
function whenShown<C extends ComponentType<any>>(load: Loader<C>) {
  return lazyComponent(load, <Spin style={{ display: 'block', margin: '80px auto' }} />);
}

export const SideDrawer = onFirstOpen<typeof SideDrawerType>(() =>
  import('./drawer/SideDrawer').then((m) => m.SideDrawer),
);
export const AddDialog = onFirstOpen<typeof AddDialogType>(() =>
  import('./dialogs/AddDialog').then((m) => m.AddDialog),
);
export const ImportDialog = onFirstOpen<typeof ImportDialogType>(() =>
  import('./excel/ImportDialog').then((m) => m.ImportDialog),
);
export const DictionaryEditor = whenShown<typeof DictionaryEditorType>(() =>
  import('./dictionary/DictionaryEditor').then((m) => m.DictionaryEditor),
);
export const FieldOptionsEditor = whenShown<typeof FieldOptionsEditorType>(() =>
  import('./field-options/FieldOptionsEditor').then((m) => m.FieldOptionsEditor),
);
export const TeamAdminEditor = whenShown<typeof TeamAdminEditorType>(() =>
  import('./team-admin/TeamAdminEditor').then((m) => m.TeamAdminEditor),
);
export const PlatformTableEditor = whenShown<typeof PlatformTableEditorType>(() =>
  import('./platform-table/PlatformTableEditor').then((m) => m.PlatformTableEditor),
);
