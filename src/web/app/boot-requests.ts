// The reads a signed-in module page makes first, started while its screens' code still downloads: the page's
// schema as the team tuned it and page 1 of its list. The app's own identical calls take these answers
// (api/client.ts startEarly). A chunk of its own, fetched with the route's schema: /login never loads it.
import { api, startEarly } from '../api/client';
import { httpDataProvider } from '../api/http-provider';
import { firstListQuery } from '../engine/page/page-views';
import {
  isDictionaryPage,
  isFieldOptionsPage,
  isPlatformTablePage,
  isTeamAdminPage,
  type AnyPageSchema,
  type PageSchema,
} from '../../common/schema/types';

/** Starts the page's first reads: the same calls SchemaPage and the list make when they mount. */
export function startPageReads(value: unknown): void {
  const page = value as AnyPageSchema & { module?: string; list?: unknown };
  if (!page?.module || !page.list) return;
  startEarly(() => {
    void api.get(`/page-schema/${page.module}`, { silent: true, noLoading: true });
    // The generic editors (dictionary, field options, team admin, platform tables) have lists of their own.
    if (isDictionaryPage(page) || isFieldOptionsPage(page) || isTeamAdminPage(page) || isPlatformTablePage(page))
      return;
    void httpDataProvider.getList(firstListQuery(page as PageSchema));
  });
}
