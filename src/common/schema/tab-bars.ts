// The module tab bars, declared once (catalogue/tab-bars.json: a name → the routes of its items, in order) and
// named by the pages that show them (`tabs: { bar: "finance" }`): a module added to an area is one line there, not
// one more copy in every page of the area. Each item's texts are its module's in catalogue/modules.json (the
// abbreviation, and the name on a narrow screen). Expanded where a page is validated (loader.ts), so the server,
// the browser and the checker see `tabs.modules` as if the page had written it; a page may still write its own.
import catalogue from '../../../catalogue/modules.json';
import TAB_BARS from '../../../catalogue/tab-bars.json';
import type { AnyPageSchema, ModuleItem } from './types';

/** The tab bars by name. */
export const TAB_BAR_NAMES: readonly string[] = Object.keys(TAB_BARS);

/** The catalogue module a route opens (`design/doormanManagement`): its last segment. */
export const routeModule = (route: string) => route.slice(route.lastIndexOf('/') + 1);

const byKey = new Map(catalogue.modules.map((m) => [m.key, m]));

/** The items of a named tab bar, or undefined for a name that names none. */
export function tabBarItems(name: string): ModuleItem[] | undefined {
  const routes = (TAB_BARS as Record<string, string[]>)[name];
  return routes?.map((key) => {
    const m = byKey.get(routeModule(key));
    // tab-bars.test.ts holds every route of the file to a catalogue module.
    return { moduleAbbreviation: m?.abbr ?? key, mobileClientName: m?.name ?? key, key };
  });
}

/** Writes, in place, the items of the tab bar a page names into its `tabs.modules`; returns the page. */
export function withTabBar<T extends AnyPageSchema>(schema: T): T {
  const tabs = (schema as { tabs?: { bar?: string; modules?: ModuleItem[] } }).tabs;
  if (tabs?.bar && !tabs.modules) {
    const items = tabBarItems(tabs.bar);
    if (items) tabs.modules = items;
  }
  return schema;
}
