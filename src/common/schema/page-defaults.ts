// What a page leaves to defaults, filled in: its permission codes (permission-defaults.ts) and the items of the tab
// bar it names (tab-bars.ts). Applied where a page is validated (loader.ts) and to the page the browser bundles.
import { withPermissionDefaults } from './permission-defaults';
import { withTabBar } from './tab-bars';
import type { AnyPageSchema } from './types';

export const withPageDefaults = <T extends AnyPageSchema>(schema: T): T => withTabBar(withPermissionDefaults(schema));
