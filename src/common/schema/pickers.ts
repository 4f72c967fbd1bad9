// Record pickers declared once (catalogue/pickers.json: a name → the picker) and named by the fields and columns that
// offer them (`"data": { "picker": "customer" }`), so the customers, suppliers, projects or warehouses a form offers
// are the same everywhere. A named picker's own properties replace the declared ones (a `fill`, an `expose`, a
// narrower `filter`). Expanded where a page is validated (loader.ts): the server, the browser and the checker see the
// picker as if the page had written it out.
import PICKERS from '../../../catalogue/pickers.json';
import type { AnyPageSchema, NamedPicker, RecordSource } from './types';

/** The named pickers. */
export const PICKER_NAMES: readonly string[] = Object.keys(PICKERS);

/** A copy of the picker a name declares, or undefined for a name that names none. */
export function namedPicker(name: string): RecordSource | undefined {
  const p = (PICKERS as Record<string, unknown>)[name];
  return p ? (structuredClone(p) as RecordSource) : undefined;
}

const isNamed = (v: unknown): v is NamedPicker =>
  !!v && typeof v === 'object' && !Array.isArray(v) && typeof (v as NamedPicker).picker === 'string';

/** Writes, in place, every named picker of a page's fields and columns out in full (an unknown name stays, for the checker); returns the page. */
export function withNamedPickers<T extends AnyPageSchema>(schema: T): T {
  const visit = (v: unknown) => {
    if (Array.isArray(v)) {
      v.forEach(visit);
      return;
    }
    if (!v || typeof v !== 'object') return;
    const o = v as Record<string, unknown>;
    if (isNamed(o.data)) {
      const { picker, ...own } = o.data;
      const declared = namedPicker(picker);
      if (declared) o.data = { ...declared, ...own };
    }
    for (const x of Object.values(o)) visit(x);
  };
  visit(schema);
  return schema;
}
