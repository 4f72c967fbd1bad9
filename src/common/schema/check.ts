// The page schemas' cross-checker: what the meta-schema cannot see because it needs the other pages, the catalogue
// or the expression language. Every name a page uses — in its expressions, its effects' targets and values, its
// pickers, permission codes and tab bar — must name something that exists; otherwise the mistake shows only at run
// time (an expression naming no field reads null; an effect writing an option its target lacks fails on approval).
// One pure function over already-parsed pages, shared by the server's start, `npm run check:schemas`, the unit test,
// the schema playground and the Vite plugin, so it imports nothing of Node or the browser.
import { ExprError, compileExpr } from '../expr';
import { buttonsOf, STANDARD_BUTTON_TEXT } from './button-defaults';
import { FUNCTIONS } from '../expr/functions';
import { parse, type Node } from '../expr/parse';
import { routeModule, TAB_BAR_NAMES } from './tab-bars';
import { withPageDefaults } from './page-defaults';
import { PICKER_NAMES } from './pickers';
import { recordListsOf } from './record-lists';
import { didYouMean, suggest } from './suggest';
import type {
  AnyPageSchema,
  ButtonDef,
  ColumnDef,
  EffectDef,
  EntityDef,
  FieldDef,
  Option,
  PageSchema,
  RecordSource,
  StageAction,
} from './types';
import { stageFieldOf } from './stage-field';

export interface SchemaProblem {
  /** The page's file, as given (schemas/<folder>/<name>.json). */
  file: string;
  /** JSON pointer into the page, e.g. /effects/2/set/receiptType. */
  path: string;
  message: string;
  /** The name that names nothing (a field, module, option, property…). */
  name: string;
  /** The valid names closest to it, closest first. */
  suggestions: string[];
}

export interface SchemaFile {
  file: string;
  schema: unknown;
}

export interface CheckContext {
  /** The catalogue's modules (catalogue/modules.json): tab bars and permission codes name them. Absent: not checked. */
  modules?: { key: string; actions?: string[] }[];
  /** Actions every module has (view, add, edit…); a code's action is one of them or one of its module's own. */
  standardActions?: readonly string[];
  /** Permission codes not tied to a module (team:invite…). */
  teamPermissions?: readonly string[];
  /** Dictionaries every team starts with, by fieldKey: the item names an effect may write by name. */
  dictionaries?: Record<string, string[]>;
}

/** One problem as one line: `schemas/x.json /path: message (did you mean …?)`. */
export function formatProblem(p: SchemaProblem): string {
  return `${p.file} ${p.path || '/'}: ${p.message}${didYouMean(p.suggestions)}`;
}

type Row = Record<string, unknown>;

/** A record module as the checker sees it: its fields, line cells and the names its stored records carry. */
interface Page {
  file: string;
  /** JSON pointer of the module inside its file ('' or /entities/<i>). */
  at: string;
  schema: EntityDef & { tabs?: PageSchema['tabs'] };
  title: string;
  module: string;
  fields: FieldDef[];
  lineColumns: ColumnDef[];
  /** Fields and line cells by name (form and stage actions). */
  fieldByName: Map<string, FieldDef>;
  columnByName: Map<string, ColumnDef>;
  /** Names a stored record carries: fields, their labels, system properties, what its own effects store. */
  names: Set<string>;
  lineNames: Set<string>;
}

// What every stored record carries besides its fields: its id and code, the approval's status, and where an effect
// made it from (effects.ts writes sourceType/sourceCode on what it creates).
const SYSTEM_NAMES = ['id', 'code', 'status', 'sourceType', 'sourceCode'];
// A line an effect appended names the record it came from (effects.ts: appendLine adds sourceCode).
const SYSTEM_LINE_NAMES = ['sourceCode', 'id'];
// What the expression evaluator puts beside a record's fields (common/computed.ts scopeOf).
const RECORD_CONTEXT = ['lines', 'picked', 'input', 'prev', '$today'];

const isObj = (v: unknown): v is Row => !!v && typeof v === 'object' && !Array.isArray(v);
const pickerOf = (d: unknown): RecordSource | undefined =>
  isObj(d) && typeof d.module === 'string' ? (d as unknown as RecordSource) : undefined;
/** Options a page may list itself (a status list, a few kinds); more is a dictionary's work. */
const MAX_INLINE_OPTIONS = 100;
/** The actions whose buttons may leave out their key and text, as a message lists them: 「新增/查看/…」. */
const STANDARD_ACTIONS = `「${Object.values(STANDARD_BUTTON_TEXT).join('/')}」`;
const countOptions = (list: readonly Option[]): number =>
  list.reduce((n, o) => n + 1 + countOptions((o.children ?? []) as Option[]), 0);
const inlineOptions = (d: unknown): Option[] | undefined =>
  Array.isArray(d) && d.length && d.every((o) => isObj(o) && 'value' in o) ? (d as Option[]) : undefined;
const fieldKeyOf = (d: unknown): string | undefined =>
  isObj(d) && typeof d.fieldKey === 'string' ? d.fieldKey : undefined;
const esc = (k: string | number) => String(k).replace(/~/g, '~0').replace(/\//g, '~1');
const ptr = (...parts: (string | number)[]) => parts.map((p) => `/${esc(p)}`).join('');

function stageField(s: EntityDef) {
  return stageFieldOf(s.stages);
}

function pageOf(file: string, at: string, schema: EntityDef): Page {
  const byName = new Map<string, FieldDef>();
  for (const f of [...(schema.addDialog?.fields ?? []), ...(schema.drawer?.fields ?? [])]) byName.set(f.fieldName, f);
  const fields = [...byName.values()];
  // What a stage action asks for is stored on the record too (but for inputOnly, still readable as input.x).
  for (const a of schema.stages?.actions ?? [])
    for (const f of a.fields ?? []) if (!byName.has(f.fieldName)) byName.set(f.fieldName, f);
  const lineColumns = schema.drawer?.lines?.columns ?? [];
  const names = new Set<string>(SYSTEM_NAMES);
  for (const n of byName.keys()) names.add(n).add(`${n}Name`).add(`${n}Module`);
  // A stage action's increments are stored numbers (a version, a count of 完工), and a picker's fills are stored fields.
  for (const a of schema.stages?.actions ?? []) for (const n of a.increment ?? []) names.add(n);
  for (const f of byName.values()) for (const k of Object.keys(pickerOf(f.data)?.fill ?? {})) names.add(k);
  names.add(stageField(schema));
  if (schema.stages?.history) names.add(schema.stages.history);
  const lineNames = new Set<string>(SYSTEM_LINE_NAMES);
  for (const c of lineColumns) lineNames.add(c.prop).add(`${c.prop}Name`);
  // A line cell's picker fills further cells of its line, declared as columns or not (a 仓库's lineNeedApproval).
  for (const c of lineColumns) for (const k of Object.keys(pickerOf(c.data)?.fill ?? {})) lineNames.add(k);
  return {
    file,
    at,
    schema,
    title: schema.title,
    module: schema.module,
    fields,
    lineColumns,
    fieldByName: byName,
    columnByName: new Map(lineColumns.map((c) => [c.prop, c])),
    names,
    lineNames,
  };
}

/** What an expression may name where it sits. */
interface Scope {
  /** Root names. */
  roots: Set<string>;
  /** For `x.y`: the names `y` may be, by root `x`; a root not listed takes any property. */
  members: Map<string, Set<string>>;
  /** The picker fields `picked.<field>` may name, with the properties each exposes. */
  picked: Map<string, Set<string>>;
  /** The cells `sum(lines, "cell")` and friends may name. */
  lineCells?: Set<string>;
  /** Where the names come from, for the message. */
  what: string;
}

/** Field types that offer options (the meta-schema asks them for `data`, but for status and a stage field). */
const SELECTS = new Set(['select', 'multiSelect', 'treeSelect', 'cascader', 'radio', 'checkbox']);

export function checkPageSchemas(given: SchemaFile[], ctx: CheckContext = {}): SchemaProblem[] {
  // The pages as the server reads them: what they leave to defaults (permission codes, the named tab bar) filled in.
  const files = given.map((f) => ({ ...f, schema: withPageDefaults(structuredClone(f.schema) as AnyPageSchema) }));
  const problems: SchemaProblem[] = [];
  const report = (file: string, path: string, name: string, message: string, valid: Iterable<string>) =>
    problems.push({ file, path, name, message, suggestions: suggest(name, valid) });

  const pages: Page[] = [];
  const byModule = new Map<string, Page>();
  const others: { file: string; schema: AnyPageSchema }[] = [];
  for (const { file, schema } of files) {
    if (!isObj(schema)) continue;
    const s = schema as unknown as PageSchema;
    if (!isObj(s.list) || !Array.isArray(s.list.columns)) {
      others.push({ file, schema: s });
      continue;
    }
    const all = [pageOf(file, '', s), ...(s.entities ?? []).map((e, i) => pageOf(file, ptr('entities', i), e))];
    for (const p of all) {
      pages.push(p);
      byModule.set(p.module, p);
    }
  }
  const moduleKeys = [...byModule.keys()];
  const catalogue = ctx.modules ? new Map(ctx.modules.map((m) => [m.key, m])) : undefined;

  // What effects store on their targets without a field of the form (salesProcess's holdsStock on itself): names
  // the target's expressions may read. Only effects on the page itself add names; other pages must write declared fields.
  for (const p of pages) {
    for (const e of p.schema.effects ?? []) {
      if (e.kind === 'update' && (e.target === 'self' || !e.target))
        for (const k of [...Object.keys(e.set ?? {}), ...Object.keys(e.add ?? {})]) p.names.add(k);
    }
  }
  // A view's rows are the viewed module's records.
  for (const p of pages) {
    const viewed = p.schema.viewOf ? byModule.get(p.schema.viewOf) : undefined;
    if (viewed) for (const n of viewed.names) p.names.add(n);
  }
  // The pages whose `create` effect makes a page's records: `target: "source"` is one of them.
  const makers = new Map<string, Page[]>();
  for (const p of pages)
    for (const e of p.schema.effects ?? [])
      if (e.kind === 'create' && e.module) makers.set(e.module, [...(makers.get(e.module) ?? []), p]);

  // What `picked.<field>.<prop>` may read. The browser's form holds only what the picker offers (its label's,
  // fills' and exposed properties: pickers.ts exposedProps); the server loads the whole picked record, so
  // expressions only the server runs (effects, stage actions, automatic stages) may read any of its fields.
  const pickedOf = (fields: Iterable<FieldDef>, server: boolean) => {
    const out = new Map<string, Set<string>>();
    for (const f of fields) {
      const src = pickerOf(f.data);
      if (!src) continue;
      const props = new Set([
        'id',
        'code',
        ...[...src.label.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((x) => x[1]),
        ...Object.values(src.fill ?? {}),
        ...(src.expose ?? []),
      ]);
      if (src.modules?.length) props.add('module');
      if (server)
        for (const m of [src.module, ...(src.modules ?? [])])
          for (const n of [...(byModule.get(m)?.names ?? []), 'lines']) props.add(n);
      out.set(f.fieldName, props);
    }
    return out;
  };
  // A stage action's values reach effects and checks as input.<field>, with the labels stored beside them.
  const inputOf = (fields: FieldDef[] | undefined) =>
    new Set((fields ?? []).flatMap((f) => [f.fieldName, `${f.fieldName}Name`, `${f.fieldName}Module`]));

  const checkModule = (file: string, path: string, name: unknown, what = '模块') => {
    if (typeof name !== 'string' || byModule.has(name)) return;
    report(file, path, name, `${what}「${name}」不存在（没有页面定义这个模块）`, moduleKeys);
  };

  for (const p of pages) {
    const s = p.schema;
    const at = (...parts: (string | number)[]) => p.at + ptr(...parts);
    const formPicked = pickedOf(p.fieldByName.values(), false);
    const serverPicked = pickedOf(p.fieldByName.values(), true);
    const recordScope = (
      extra: {
        input?: Set<string>;
        line?: Set<string>;
        index?: boolean;
        server?: boolean;
        lineCells?: Set<string>;
      } = {},
    ): Scope => {
      const roots = new Set([...p.names, ...RECORD_CONTEXT]);
      const members = new Map<string, Set<string>>([['prev', p.names]]);
      if (extra.input) members.set('input', extra.input);
      if (extra.line) {
        roots.add('line');
        members.set('line', extra.line);
      }
      if (extra.index) roots.add('$index');
      return {
        roots,
        members,
        picked: extra.server ? serverPicked : formPicked,
        lineCells: extra.lineCells ?? p.lineNames,
        what: `「${p.title}」的字段`,
      };
    };
    const allInput = inputOf((s.stages?.actions ?? []).flatMap((a) => a.fields ?? []));
    const actionLine = (a: StageAction) => new Set([...p.lineNames, ...(a.lineFields ?? []).map((f) => f.fieldName)]);
    const expr = (path: string, source: unknown, scope: Scope) => {
      if (typeof source === 'string') checkExpression(p.file, path, source, scope, problems);
    };

    // 1. Expressions.
    for (const [key, list] of [
      ['addDialog', s.addDialog?.fields],
      ['drawer', s.drawer?.fields],
    ] as const) {
      (list ?? []).forEach(
        (f, i) => f.compute && expr(at(key, 'fields', i, 'compute', 'expr'), f.compute.expr, recordScope()),
      );
    }
    p.lineColumns.forEach((c, i) => {
      if (!c.compute) return;
      const roots = new Set([...p.lineNames, 'record', 'picked', '$today', '$index']);
      expr(at('drawer', 'lines', 'columns', i, 'compute', 'expr'), c.compute.expr, {
        roots,
        members: new Map([['record', p.names]]),
        picked: formPicked,
        what: `「${p.title}」的明细列`,
      });
    });
    (s.checks ?? []).forEach((c, i) => expr(at('checks', i, 'expr'), c.expr, recordScope({ input: allInput })));
    (s.list.rowStyles ?? []).forEach((r, i) => expr(at('list', 'rowStyles', i, 'when'), r.when, recordScope()));
    (s.stages?.auto ?? []).forEach((r, i) =>
      expr(at('stages', 'auto', i, 'when'), r.when, recordScope({ server: true })),
    );
    if (s.approvalWhen) expr(at('approvalWhen'), s.approvalWhen, recordScope({ server: true }));
    (s.stages?.actions ?? []).forEach((a, ai) => {
      // The action's checks run on the server, over the lines as they carry its per-line values (stages.ts).
      const picked = new Map([...serverPicked, ...pickedOf(a.fields ?? [], true)]);
      const scope = (line: boolean) => ({
        ...recordScope({
          input: inputOf(a.fields),
          lineCells: actionLine(a),
          ...(line ? { line: actionLine(a), index: true } : {}),
        }),
        picked,
      });
      if (a.when) expr(at('stages', 'actions', ai, 'when'), a.when, scope(false));
      (a.checks ?? []).forEach((c, i) => expr(at('stages', 'actions', ai, 'checks', i, 'expr'), c.expr, scope(false)));
      (a.lineChecks ?? []).forEach((c, i) =>
        expr(at('stages', 'actions', ai, 'lineChecks', i, 'expr'), c.expr, scope(true)),
      );
      (a.fields ?? []).forEach(
        (f, i) =>
          f.compute && expr(at('stages', 'actions', ai, 'fields', i, 'compute', 'expr'), f.compute.expr, scope(false)),
      );
      // A per-line question's suggestion is computed from the line alone (its cells and the other questions).
      (a.lineFields ?? []).forEach(
        (f, i) =>
          f.compute &&
          expr(at('stages', 'actions', ai, 'lineFields', i, 'compute', 'expr'), f.compute.expr, {
            roots: actionLine(a),
            members: new Map(),
            picked: new Map(),
            what: `「${p.title}」的明细列`,
          }),
      );
    });
    for (const [bi, b] of (s.list.actions ?? []).entries()) {
      // An `open` action's expressions read one row of this list.
      const o = b.open;
      if (!o) continue;
      checkModule(p.file, at('list', 'actions', bi, 'open', 'page'), o.page, '页面');
      const row: Scope = { roots: p.names, members: new Map(), picked: new Map(), what: `「${p.title}」的列表行` };
      if (o.rowsWhen) expr(at('list', 'actions', bi, 'open', 'rowsWhen'), o.rowsWhen, row);
      for (const [k, x] of Object.entries(o.set ?? {})) expr(at('list', 'actions', bi, 'open', 'set', k), x, row);
      for (const [k, x] of Object.entries(o.lines ?? {})) expr(at('list', 'actions', bi, 'open', 'lines', k), x, row);
      const opened = byModule.get(o.page);
      if (opened) {
        for (const k of Object.keys(o.set ?? {}))
          if (!hasOrLabel(opened.fieldByName, k))
            report(
              p.file,
              at('list', 'actions', bi, 'open', 'set', k),
              k,
              `「${opened.title}」没有字段「${k}」`,
              opened.fieldByName.keys(),
            );
        // A cell's label (materialIdName) travels with its value, so the drawer shows the pick's name.
        for (const k of Object.keys(o.lines ?? {}))
          if (!hasOrLabel(opened.columnByName, k))
            report(
              p.file,
              at('list', 'actions', bi, 'open', 'lines', k),
              k,
              `「${opened.title}」的明细没有列「${k}」`,
              opened.columnByName.keys(),
            );
      }
    }
    (s.generators ?? []).forEach((g, gi) => {
      const from = byModule.get(g.lines.from.module);
      checkModule(p.file, at('generators', gi, 'lines', 'from', 'module'), g.lines.from.module);
      const input = new Set(g.fields.map((f) => f.fieldName));
      const onlyInput: Scope = {
        roots: new Set(['input']),
        members: new Map([['input', input]]),
        picked: new Map(),
        what: '生成器',
      };
      for (const [k, x] of Object.entries(g.set)) {
        expr(at('generators', gi, 'set', k), x, onlyInput);
        if (!p.fieldByName.has(k))
          report(p.file, at('generators', gi, 'set', k), k, `「${p.title}」没有字段「${k}」`, p.fieldByName.keys());
      }
      const members = new Map<string, Set<string>>([['input', input]]);
      if (from) members.set('row', from.names);
      for (const [n, j] of Object.entries(g.lines.join ?? {})) {
        checkModule(p.file, at('generators', gi, 'lines', 'join', n, 'module'), j.module);
        const jm = byModule.get(j.module);
        if (jm && !j.many) members.set(n, jm.names);
      }
      const rows: Scope = {
        roots: new Set(['row', 'input', ...Object.keys(g.lines.join ?? {})]),
        members,
        picked: new Map(),
        what: '生成器',
      };
      for (const [n, j] of Object.entries(g.lines.join ?? {}))
        for (const [k, x] of Object.entries(j.match))
          expr(at('generators', gi, 'lines', 'join', n, 'match', k), x, rows);
      for (const [k, x] of Object.entries(g.lines.set)) {
        expr(at('generators', gi, 'lines', 'set', k), x, rows);
        if (!p.columnByName.has(k))
          report(
            p.file,
            at('generators', gi, 'lines', 'set', k),
            k,
            `「${p.title}」的明细没有列「${k}」`,
            p.columnByName.keys(),
          );
      }
      if (g.lines.label) expr(at('generators', gi, 'lines', 'label'), g.lines.label, rows);
    });

    // 2. Effects: their expressions, and what they write into their targets.
    (s.effects ?? []).forEach((e, ei) => checkEffect(p, e, ei));
    // Each (record, effect key, event) runs once: a second effect under a key already used (one an "ended" effect
    // makes, <key>Refused…, among them) would never run.
    (s.effects ?? []).forEach((e, ei) => {
      if ((s.effects ?? []).findIndex((x) => x.key === e.key) < ei)
        report(p.file, p.at + ptr('effects', ei, 'key'), e.key, `效果键「${e.key}」在本列表重复`, []);
    });

    // 3. Pickers, modules named, permission codes, the tab bar.
    walkJson(
      s,
      p.at,
      (value, path, key, parent) => {
        if (key === 'data' && pickerOf(value)) {
          const src = pickerOf(value)!;
          checkModule(p.file, `${path}/module`, src.module, '选择器的模块');
          (src.modules ?? []).forEach((m, i) => checkModule(p.file, `${path}/modules/${i}`, m, '选择器的模块'));
        }
        // A named picker is written out where the page is validated (pickers.ts): one still named names none.
        if (key === 'data' && isObj(value) && typeof value.picker === 'string') {
          report(
            p.file,
            `${path}/picker`,
            value.picker,
            `选择器「${value.picker}」不存在（catalogue/pickers.json）`,
            PICKER_NAMES,
          );
        }
        if (key === 'aggregate' && isObj(value)) {
          checkModule(p.file, `${path}/module`, value.module, '汇总的模块');
          (Array.isArray(value.also) ? value.also : []).forEach(
            (x, i) => isObj(x) && checkModule(p.file, `${path}/also/${i}/module`, x.module, '汇总的模块'),
          );
        }
        if (key === 'none' && isObj(value) && typeof value.module === 'string')
          checkModule(p.file, `${path}/module`, value.module);
        if (key === 'permissionCode' && typeof value === 'string') checkPermission(p.file, path, value);
        // A long option tree written into the page (省/市 copied in by hand) belongs in a dictionary, shared and kept
        // up to date in one place: the built-in region dictionary, or one the team maintains.
        if (key === 'data' && inlineOptions(value) && countOptions(value as Option[]) > MAX_INLINE_OPTIONS) {
          problems.push({
            file: p.file,
            path,
            name: 'data',
            message: `内联选项过多（${countOptions(value as Option[])} 个，最多 ${MAX_INLINE_OPTIONS} 个）：请改用字典，如省市区写 "data": { "fieldKey": "region" }`,
            suggestions: [],
          });
        }
        void parent;
      },
      new Set(['entities']),
    );
    if (s.viewOf) checkModule(p.file, at('viewOf'), s.viewOf, '查看的模块');

    // 4. Buttons: a key and a text each, once their action's defaults are in (button-defaults.ts), and a stage button
    // names one of the list's stage actions.
    const stageKeys = (s.stages?.actions ?? []).map((a) => a.key);
    const checkButton = (b: ButtonDef, at: string) => {
      if (b.key === undefined)
        report(p.file, at, 'key', `按钮「${b.text ?? ''}」缺少 key（只有${STANDARD_ACTIONS}按钮可省略）`, []);
      if (b.action === 'stage' && b.key !== undefined && !stageKeys.includes(b.key)) {
        report(p.file, `${at}/key`, b.key, `阶段按钮「${b.key}」不是「${p.title}」的阶段操作`, stageKeys);
      } else if (b.text === undefined)
        report(p.file, at, 'text', `按钮「${b.key ?? ''}」缺少 text（只有${STANDARD_ACTIONS}及阶段按钮可省略）`, []);
      (b.children ?? []).forEach((c, i) => checkButton(c, `${at}/children/${i}`));
    };
    for (const [path, b] of buttonsOf(s)) checkButton(b, at(...path));
  }
  for (const o of others) {
    walkJson(
      o.schema,
      '',
      (value, path, key) => {
        if (key === 'permissionCode' && typeof value === 'string') checkPermission(o.file, path, value);
      },
      new Set(),
    );
  }
  // A page's key is its route and a nested list's key chooses it on the page (both default to the module): two
  // pages on one route, or two lists of a page under one key, would show one of them only.
  const routes = new Map<string, string>();
  for (const { file, schema } of files) {
    if (!isObj(schema) || typeof schema.key !== 'string') continue;
    const other = routes.get(schema.key);
    if (other) report(file, ptr('key'), schema.key, `页面键「${schema.key}」与 ${other} 重复`, []);
    routes.set(schema.key, file);
    const lists = recordListsOf(schema as AnyPageSchema);
    lists.forEach((e, i) => {
      const at = i ? ptr('entities', i - 1) : '';
      if (i && lists.slice(0, i).some((x) => x.key === e.key))
        report(file, `${at}/key`, String(e.key), `列表键「${e.key}」在本页重复`, []);
      // The client names a tab by its value: a header's own tab repeating one of its OA tabs (oaTabs) is never shown.
      // A select left without options by the page is one the defaults fill (status, the stage field): any other offers nothing.
      const fieldLists: [string, FieldDef[] | undefined][] = [
        ['list/search', e.list.search],
        ['addDialog/fields', e.addDialog?.fields],
        ['drawer/fields', e.drawer?.fields],
        ...(e.stages?.actions ?? []).map((a, ai): [string, FieldDef[] | undefined] => [
          `stages/actions/${ai}/fields`,
          a.fields,
        ]),
      ];
      for (const [where, fields] of fieldLists) {
        (fields ?? []).forEach((f, fi) => {
          if (SELECTS.has(f.fontendType) && f.data === undefined)
            report(
              file,
              `${at}/${where}/${fi}`,
              f.fieldName,
              `选择字段「${f.titleName}」没有选项（data）：只有审批状态 status 和本页的阶段字段可以省略`,
              [],
            );
        });
      }
      const values = (e.sectionHeader?.tabs ?? []).map((t) => t.value);
      for (const v of new Set(values.filter((v, j) => values.indexOf(v) !== j)))
        report(file, `${at}/sectionHeader/tabs`, v, `分类标签「${v}」重复（含 oaTabs 的标签）`, []);
    });
  }
  for (const { file, schema } of files) {
    const bar = isObj(schema) && isObj(schema.tabs) ? schema.tabs.bar : undefined;
    if (typeof bar === 'string' && !TAB_BAR_NAMES.includes(bar))
      report(file, ptr('tabs', 'bar'), bar, `模块标签栏「${bar}」不存在（catalogue/tab-bars.json）`, TAB_BAR_NAMES);
    const tabs = isObj(schema) && isObj(schema.tabs) && Array.isArray(schema.tabs.modules) ? schema.tabs.modules : [];
    tabs.forEach((t, i) => {
      if (!catalogue || !isObj(t) || typeof t.key !== 'string') return;
      // A tab's key is its route (a folder, then the module key).
      const key = routeModule(t.key);
      if (!catalogue.has(key))
        report(
          file,
          ptr('tabs', 'modules', i, 'key'),
          t.key,
          `模块标签「${t.key}」不是目录（catalogue/modules.json）中的模块`,
          catalogue.keys(),
        );
    });
  }
  return problems;

  function checkPermission(file: string, path: string, code: string) {
    // 'default' is the engine's code for what everyone may do (Permission.tsx).
    if (code === 'default' || ctx.teamPermissions?.includes(code)) return;
    const m = /^([^:]+):([^:]+)$/.exec(code);
    const modules = catalogue ? [...catalogue.keys()] : moduleKeys;
    if (!m) {
      report(file, path, code, `权限码「${code}」应写成 <模块>:<操作>`, []);
      return;
    }
    const [, mod, action] = m;
    // A page outside the catalogue (the engine's showcase) is open to every member: any action of it is allowed.
    if (catalogue && !catalogue.has(mod) && byModule.has(mod)) return;
    if (!(catalogue ? catalogue.has(mod) : byModule.has(mod))) {
      problems.push({
        file,
        path,
        name: mod,
        message: `权限码「${code}」的模块「${mod}」不存在`,
        suggestions: suggest(mod, modules),
      });
      return;
    }
    if (!ctx.standardActions) return;
    const actions = [...ctx.standardActions, ...(catalogue?.get(mod)?.actions ?? [])];
    if (!actions.includes(action)) {
      problems.push({
        file,
        path,
        name: action,
        message: `权限码「${code}」的操作「${action}」不是模块「${mod}」的操作（${actions.join('、')}）`,
        suggestions: suggest(action, actions),
      });
    }
  }

  function checkEffect(p: Page, e: EffectDef, ei: number) {
    const at = (...parts: (string | number)[]) => p.at + ptr('effects', ei, ...parts);
    const file = p.file;
    const action = /^stage:(.+)$/.exec(e.on)?.[1];
    const act = action ? p.schema.stages?.actions.find((a) => a.key === action) : undefined;
    if (action && !act)
      report(
        file,
        at('on'),
        action,
        `效果在阶段操作「${action}」时运行，但「${p.title}」没有这个操作`,
        (p.schema.stages?.actions ?? []).map((a) => a.key),
      );
    const input = inputOf(act?.fields);
    const ownLine = new Set([...p.lineNames, ...(act?.lineFields ?? []).map((f) => f.fieldName)]);
    // The record whose fields the effect writes and whose values `target.x` reads.
    let target: Page | undefined;
    let targetNames: Set<string> | undefined;
    let targetLineNames: Set<string> | undefined;
    if (e.kind === 'create') {
      checkModule(file, at('module'), e.module);
      target = e.module ? byModule.get(e.module) : undefined;
    } else if (e.kind === 'stock') {
      checkModule(file, at('stock', 'module'), e.stock?.module);
      if (e.stock?.costing) checkModule(file, at('stock', 'costing', 'module'), e.stock.costing.module);
    }
    if (e.kind !== 'create' && e.kind !== 'release') {
      if (e.target === 'self' || !e.target) target = e.kind === 'stock' ? undefined : p;
      else if (e.target === 'source') {
        const from = makers.get(p.module) ?? [];
        if (from.length === 1) target = from[0];
        // Any of the pages that make this one: what any of them has may be read.
        else if (from.length) {
          targetNames = new Set([...from.flatMap((x) => [...x.names]), 'lines']);
          targetLineNames = new Set(from.flatMap((x) => [...x.lineNames]));
        }
      } else {
        checkModule(file, at('target', 'module'), e.target.module);
        target = byModule.get(e.target.module);
        if (target && !target.names.has(e.target.field))
          report(
            file,
            at('target', 'field'),
            e.target.field,
            `「${target.title}」没有字段「${e.target.field}」`,
            target.names,
          );
        if (target)
          for (const k of Object.keys(e.target.where ?? {}))
            if (!target.names.has(k))
              report(file, at('target', 'where', k), k, `「${target.title}」没有字段「${k}」`, target.names);
      }
    }
    if (target) {
      targetNames = new Set([...target.names, 'lines']);
      // The record itself as target carries this action's per-line values on its lines while its effects run.
      targetLineNames = target === p ? ownLine : target.lineNames;
    }
    const withTarget = e.kind !== 'create' && e.target !== undefined;
    const base = (line?: Set<string>, index = false) => {
      const roots = new Set([...p.names, ...RECORD_CONTEXT]);
      const members = new Map<string, Set<string>>([['input', input]]);
      if (line) {
        roots.add('line');
        members.set('line', line);
      }
      if (index) roots.add('$index');
      if (withTarget) {
        roots.add('target');
        if (targetNames) members.set('target', targetNames);
      }
      return {
        roots,
        members,
        picked: pickedOf(p.fieldByName.values(), true),
        lineCells: ownLine,
        what: `「${p.title}」的字段`,
      } as Scope;
    };
    const expr = (path: string, source: unknown, scope: Scope) =>
      typeof source === 'string' && checkExpression(file, path, source, scope, problems);
    // `line`: the source's line of a per-line effect, or in a created record's line maps; the target's in setLines.
    const perLine = e.perLine ? ownLine : undefined;
    const targetLine = targetLineNames;
    if (e.when) expr(at('when'), e.when, base(perLine, e.kind === 'stock' && withTarget && e.perLine));
    if (isObj(e.target)) {
      expr(at('target', 'equals'), e.target.equals, base(perLine));
      for (const [k, x] of Object.entries(e.target.where ?? {})) expr(at('target', 'where', k), x, base(perLine));
    }
    const lineOf = e.kind === 'create' ? (perLine ?? ownLine) : perLine;
    for (const [k, x] of Object.entries(e.set ?? {}))
      expr(at('set', k), x, base(e.kind === 'create' ? (perLine ?? new Set()) : lineOf));
    for (const [k, x] of Object.entries(e.add ?? {})) expr(at('add', k), x, base(lineOf));
    for (const [k, x] of Object.entries(e.line ?? {})) expr(at('line', k), x, base(perLine ?? new Set()));
    for (const [k, x] of Object.entries(e.lines ?? {})) expr(at('lines', k), x, base(ownLine));
    if (e.linesWhen) expr(at('linesWhen'), e.linesWhen, base(ownLine));
    for (const [k, x] of Object.entries(e.setLines ?? {}))
      expr(at('setLines', k), x, base(targetLine ?? new Set(), true));
    const st = e.stock;
    if (st) {
      const stockTarget = withTarget && e.target !== 'self';
      const line = stockTarget ? (e.perLine ? targetLine : undefined) : perLine;
      const balance = byModule.get(st.module);
      const scope = base(line, stockTarget && e.perLine);
      scope.roots.add('balance');
      if (balance)
        scope.members.set('balance', new Set([...balance.names, 'quantity', 'stockPrice', 'lockedQuantity']));
      for (const [k, x] of Object.entries(st.keys)) {
        expr(at('stock', 'keys', k), x, scope);
        if (balance && !balance.names.has(k))
          report(file, at('stock', 'keys', k), k, `「${balance.title}」没有字段「${k}」`, balance.names);
      }
      for (const k of ['quantity', 'price', 'allowNegative', 'moveType'] as const)
        if (st[k]) expr(at('stock', k), st[k], scope);
      const wb = {
        ...scope,
        roots: new Set([...scope.roots, 'move']),
        members: new Map([...scope.members, ['move', new Set(['quantity', 'unitPrice', 'amount'])]]),
      };
      for (const [k, x] of Object.entries(st.writeBack ?? {})) {
        expr(at('stock', 'writeBack', k), x, wb);
        if (!p.lineNames.has(k))
          report(file, at('stock', 'writeBack', k), k, `「${p.title}」的明细没有列「${k}」`, p.lineNames);
      }
    }

    // What is written where: fields and line cells of the target, and values its options offer.
    if (!target) return;
    const t = target;
    const fieldSet = (e.kind === 'appendLine' ? {} : { ...e.set }) as Record<string, string>;
    for (const [k, x] of Object.entries(fieldSet)) writes(at('set', k), k, x, t.fieldByName.get(k), t.names, '字段');
    for (const [k, x] of Object.entries(e.add ?? {})) writes(at('add', k), k, x, t.fieldByName.get(k), t.names, '字段');
    const cellMaps: [string, Record<string, string> | undefined][] =
      e.kind === 'appendLine'
        ? [['set', e.set]]
        : [
            ['line', e.line],
            ['lines', e.lines],
            ['setLines', e.setLines],
          ];
    for (const [where, map] of cellMaps)
      for (const [k, x] of Object.entries(map ?? {}))
        writes(at(where, k), k, x, t.columnByName.get(k), t.lineNames, '明细列');
    if (e.stage !== undefined || e.from) {
      const stages = (t.schema.stages?.values ?? []).map((v) => v.value);
      for (const [i, v] of [e.stage, ...(e.from ?? [])].entries()) {
        if (v === undefined || stages.includes(v)) continue;
        report(file, i === 0 ? at('stage') : at('from', i - 1), v, `「${t.title}」没有阶段「${v}」`, stages);
      }
    }
    // A created record names its source: effects.ts writes the page's title as sourceType unless `set` says otherwise,
    // and the target's 来源类型 must offer it, or the save is refused when the effect runs.
    if (e.kind === 'create' && !('sourceType' in (e.set ?? {}))) {
      const f = t.fieldByName.get('sourceType');
      const opts = f && inlineOptions(f.data);
      if (opts && !optionValues(opts).includes(p.title)) {
        report(
          file,
          at('module'),
          p.title,
          `「${t.title}」的来源类型（sourceType）没有选项「${p.title}」：创建的单据会以本页标题为来源类型`,
          optionValues(opts),
        );
      }
    }

    function writes(
      path: string,
      key: string,
      source: string,
      def: FieldDef | ColumnDef | undefined,
      names: Set<string>,
      what: string,
    ) {
      // A label stored beside a value (materialIdName beside materialId) is the value's own: writing it is fine.
      if (!def && key.endsWith('Name') && (what === '字段' ? t.fieldByName : t.columnByName).has(key.slice(0, -4)))
        return;
      if (!def) {
        // A stored name the target's form lacks (its own effects' flags, a label) is still a write to nothing the form shows.
        if (!(what === '字段' && names.has(key) && t === p))
          report(
            file,
            path,
            key,
            `「${t.title}」没有${what}「${key}」`,
            what === '字段' ? t.fieldByName.keys() : t.columnByName.keys(),
          );
        return;
      }
      const values = literalResults(source);
      if (!values.length) return;
      const opts = inlineOptions(def.data);
      const dict = fieldKeyOf(def.data);
      const known = opts ? optionValues(opts) : dict && ctx.dictionaries?.[dict] ? ctx.dictionaries[dict] : undefined;
      if (!known) return;
      const title = 'titleName' in def ? def.titleName : (def as ColumnDef).label;
      for (const v of values) {
        if (known.includes(String(v))) continue;
        report(
          file,
          path,
          String(v),
          `「${t.title}」的${title}（${key}）没有选项「${String(v)}」${dict ? `（字典 ${dict}）` : ''}`,
          known,
        );
      }
    }
  }
}

/**
 * The names worth suggesting for `bad`: a field's stored companions (deptIdName, projectIdModule) only when `bad`
 * itself looks like one, since otherwise they crowd out the field they belong to.
 */
function withoutCompanions(valid: Iterable<string>, bad: string): string[] {
  const all = new Set(valid);
  return [...all].filter((v) => {
    const m = /^(.+)(Name|Module)$/.exec(v);
    return !m || !all.has(m[1]) || bad.endsWith(m[2]);
  });
}

/** A name, or the label stored beside one (materialIdName beside materialId). */
function hasOrLabel(names: Map<string, unknown>, key: string): boolean {
  return names.has(key) || (key.endsWith('Name') && names.has(key.slice(0, -4)));
}

/** An option list's values, nested ones too, as text. */
function optionValues(opts: Option[]): string[] {
  return opts.flatMap((o) => [String(o.value), ...(o.children ? optionValues(o.children) : [])]);
}

/** The constants an expression may yield: itself, or the branches of its conditionals and coalesce / if calls. */
function literalResults(source: string): (string | number | boolean)[] {
  let root: Node;
  try {
    root = parse(source);
  } catch {
    return [];
  }
  const out: (string | number | boolean)[] = [];
  const visit = (n: Row) => {
    if (
      n.type === 'Literal' &&
      (typeof n.value === 'string' || typeof n.value === 'number' || typeof n.value === 'boolean')
    )
      out.push(n.value);
    else if (n.type === 'ConditionalExpression') {
      visit(n.consequent as Row);
      visit(n.alternate as Row);
    } else if (n.type === 'CallExpression' && ['coalesce', 'if'].includes(String((n.callee as Row).name))) {
      const args = n.arguments as Row[];
      for (const a of (n.callee as Row).name === 'if' ? args.slice(1) : args) visit(a);
    }
  };
  visit(root as unknown as Row);
  // Numbers and booleans are written as they are (a quantity, a flag): only text names an option.
  return out.filter((v) => typeof v === 'string');
}

/** Calls `visit` on every value of a page with its JSON pointer and key; `skip`: keys not walked into. */
function walkJson(
  value: unknown,
  path: string,
  visit: (v: unknown, path: string, key: string, parent: unknown) => void,
  skip: Set<string>,
) {
  if (Array.isArray(value))
    value.forEach((v, i) => {
      visit(v, `${path}/${i}`, String(i), value);
      walkJson(v, `${path}/${i}`, visit, skip);
    });
  else if (isObj(value))
    for (const [k, v] of Object.entries(value)) {
      if (skip.has(k)) continue;
      visit(v, `${path}/${esc(k)}`, k, value);
      walkJson(v, `${path}/${esc(k)}`, visit, skip);
    }
}

/** The fixed chain of a member expression: `picked.advanceCode.balancePrice` → [picked, advanceCode, balancePrice]. */
function chainOf(n: Row): string[] | null {
  if (n.type === 'Identifier') return [String(n.name)];
  if (n.type !== 'MemberExpression') return null;
  const head = chainOf(n.object as Row);
  const prop = n.property as Row;
  const key =
    !n.computed && prop.type === 'Identifier'
      ? String(prop.name)
      : n.computed && prop.type === 'Literal'
        ? String(prop.value)
        : null;
  return head && key !== null ? [...head, key] : null;
}

/** One expression: it compiles, and every name it reads is one its scope offers. */
function checkExpression(file: string, path: string, source: string, scope: Scope, problems: SchemaProblem[]) {
  try {
    compileExpr(source);
  } catch (err) {
    if (!(err instanceof ExprError)) throw err;
    problems.push({ file, path, name: source, message: err.message, suggestions: [] });
    return;
  }
  const root = parse(source) as unknown as Row;
  const say = (name: string, message: string, valid: Iterable<string>) =>
    problems.push({
      file,
      path,
      name,
      message: `表达式「${source}」${message}`,
      suggestions: suggest(name, withoutCompanions(valid, name)),
    });
  const seen = new Set<string>();
  const once = (k: string) => !seen.has(k) && !!seen.add(k);
  const visit = (n: Row) => {
    if (n.type === 'MemberExpression' || n.type === 'Identifier') {
      const chain = chainOf(n);
      if (chain) {
        checkChain(chain);
        // The computed parts of a member (lines[0]) hold no names of their own.
        return;
      }
    }
    if (n.type === 'CallExpression') {
      const name = String((n.callee as Row).name);
      const args = n.arguments as Row[];
      // sum(lines, "price"): the quoted names are the record's line cells.
      const fn = FUNCTIONS.get(name);
      if (fn?.propertyArgs && scope.lineCells && args[0]?.type === 'Identifier' && args[0].name === 'lines') {
        for (const i of fn.propertyArgs) {
          const a = args[i];
          if (
            a?.type === 'Literal' &&
            typeof a.value === 'string' &&
            !scope.lineCells.has(a.value) &&
            once(`lines:${a.value}`)
          ) {
            say(a.value, `的 ${name}(lines, …) 引用了不存在的明细列「${a.value}」`, scope.lineCells);
          }
        }
      }
      for (const a of args) visit(a);
      return;
    }
    for (const [k, v] of Object.entries(n)) {
      if (k === 'type') continue;
      if (Array.isArray(v)) for (const x of v) isObj(x) && visit(x);
      else if (isObj(v)) visit(v);
    }
  };
  const checkChain = (chain: string[]) => {
    const [head, first, second] = chain;
    if (!scope.roots.has(head)) {
      if (once(head)) say(head, `引用了未知的名称「${head}」（不是${scope.what}或表达式的上下文名称）`, scope.roots);
      return;
    }
    if (first === undefined) return;
    if (head === 'picked') {
      const props = scope.picked.get(first);
      if (!props) {
        if (once(`picked.${first}`))
          say(first, `的 picked.${first}：「${first}」不是表单的记录选择字段`, scope.picked.keys());
        return;
      }
      if (second !== undefined && !props.has(second) && once(`picked.${first}.${second}`)) {
        say(
          second,
          `读取 picked.${first}.${second}，但选择器「${first}」没有提供「${second}」（把它加入 label、fill 或 expose）`,
          props,
        );
      }
      return;
    }
    const members = scope.members.get(head);
    if (members && !members.has(first) && once(`${head}.${first}`))
      say(first, `的 ${head}.${first}：「${first}」不存在`, members);
  };
  visit(root);
}
