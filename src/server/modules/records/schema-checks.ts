// The start-up checks a feature adds to the page schemas (charts, print templates, approvals from a picked
// record): the registry runs each one on every record page and stops the start at the first problem, so the
// records core reads a feature's part of a page without knowing the feature.
import type { ColumnDef } from '../../../common/schema';
import type { ModuleSchema } from './module-schema';

/** What a check may ask about the other pages of the set. */
export interface SchemaLinks {
  has(module: string): boolean;
  /** The line columns of the page with this key or module (a document printing another page's lines). */
  lineColumnsOf(keyOrModule: string): ColumnDef[] | undefined;
}

/** One feature's check of one page: each string is a problem, named by where it sits in the page. */
export type SchemaCheck = (m: ModuleSchema, links: SchemaLinks) => string[];
