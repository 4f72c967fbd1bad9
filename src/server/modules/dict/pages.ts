// Which page maintains which dictionary, read from the dictionary page schemas (never a hard-coded table):
// a fieldKey is writable on the one page that lists it without readOnly, with that page's permissions.
import type { DictionaryKeyConfig, DictionaryPageSchema } from '../../../common/schema';

export interface DictKeyRule extends DictionaryKeyConfig {
  /** The maintaining page's module key (its permission codes' prefix). */
  module: string;
  pageTitle: string;
}

/** fieldKey → its rule. Throws (stopping the start) when two pages both claim to maintain a fieldKey. */
export function maintainedKeys(pages: { file: string; schema: DictionaryPageSchema }[]): Map<string, DictKeyRule> {
  const rules = new Map<string, DictKeyRule>();
  const owner = new Map<string, string>();
  for (const { file, schema } of pages) {
    for (const g of schema.dictionary.groups) {
      for (const k of g.fieldKeys) {
        if (k.readOnly) continue;
        const prev = owner.get(k.fieldKey);
        if (prev) throw new Error(`${file}: 字典 ${k.fieldKey} 已由 ${prev} 维护（其它页面请设 readOnly）`);
        owner.set(k.fieldKey, file);
        rules.set(k.fieldKey, { ...k, module: schema.module, pageTitle: schema.title });
      }
    }
  }
  return rules;
}
