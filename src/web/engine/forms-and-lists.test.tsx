// @vitest-environment jsdom
// Form fields, the side drawer with its line items, the data list and the page renderer, list actions on
// selected rows, generators, 批量打印 and document buttons (specs in *.spec.tsx).
import './fields/fields.spec';
import './drawer.spec';
import './line-items.spec';
import './data-list.spec';
import './language.spec';
import './list-views.spec';
import './batch-generate.spec';
import './batch-print.spec';
import './documents.spec';
import './line-picker.spec';
