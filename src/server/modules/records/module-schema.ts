// A record module as the server reads it from its page schema: what the store, the rules and the checks need.
// Its own file (types only), so the checks the schema registry runs at start (charts, print templates) can name
// it without importing the registry that imports them.
import type { ColumnDef, FieldDef, PageSchema } from '../../../common/schema';

export interface ModuleSchema {
  file: string;
  schema: PageSchema;
  /** Every field the form can store (drawer and add dialog), by fieldName. */
  fields: FieldDef[];
  lineColumns: ColumnDef[];
  /** Fields the list may sort on / filter on: each gets an expression index. */
  sortable: Set<string>;
  filterable: Set<string>;
  /**
   * Filterable fields worth an expression index of their own: choices, dates and numbers of the search form,
   * tab filters, the stage and the header's date field (text searches use ILIKE, which a btree cannot serve,
   * and a sortable field's index already serves its filters). Every index costs each insert and each plan.
   */
  indexed: Set<string>;
  numeric: Set<string>;
  /** Fields holding several values (multi-selects): eq / in / has match any of them. */
  multi: Set<string>;
  codePrefix: string;
  /** Field holding the record's main amount (the approval step's `money`). */
  moneyField?: string;
  /** The catalogue module whose permission codes govern these records: the page's own, or for a nested entity its page's. */
  permissionModule: string;
  /** A nested entity (PageSchema.entities): the module key of the page that holds it. */
  parent?: string;
}
