// Sample 智能数据 figures for stories and tests (never used by the product).
import type { ChartDef, PageSchema } from '../../../common/schema/types';
import type { ChartFigures, DataProvider } from '../../api/data-provider';

export const CLAIM_CHARTS: ChartDef[] = [
  {
    key: 'byMonth',
    title: '报销金额按月',
    type: 'bar',
    groupBy: { field: 'applyDate', by: 'month' },
    measure: { op: 'sum', field: 'totalPrice', unit: '元' },
    dateField: 'applyDate',
  },
  {
    key: 'byType',
    title: '按费用类型',
    type: 'pie',
    lines: true,
    groupBy: { field: 'expenseType' },
    measure: { op: 'sum', field: 'price', unit: '元' },
    limit: 8,
  },
  {
    key: 'byDept',
    title: '按部门',
    type: 'bar',
    groupBy: { field: 'deptId' },
    measure: { op: 'sum', field: 'totalPrice', unit: '元' },
  },
  {
    key: 'byStatus',
    title: '状态分布',
    type: 'pie',
    groupBy: { field: 'status' },
    measure: { op: 'count', unit: '单' },
  },
];

export const CLAIM_FIGURES: ChartFigures[] = [
  {
    key: 'byMonth',
    title: '报销金额按月',
    type: 'bar',
    op: 'sum',
    unit: '元',
    periodField: 'applyDate',
    categories: ['2024-01', '2024-02', '2024-03'],
    values: [12800.5, 9650, 15320.25],
  },
  {
    key: 'byType',
    title: '按费用类型',
    type: 'pie',
    op: 'sum',
    unit: '元',
    periodField: null,
    categories: ['差旅', '住宿', '交通', '其他'],
    values: [15200, 9800.75, 6120, 6650],
  },
  {
    key: 'byDept',
    title: '按部门',
    type: 'bar',
    op: 'sum',
    unit: '元',
    periodField: null,
    categories: ['业务部', '设计部', '生产部'],
    values: [18600, 11200.75, 7970],
  },
  {
    key: 'byStatus',
    title: '状态分布',
    type: 'pie',
    op: 'count',
    unit: '单',
    periodField: null,
    categories: [],
    values: [],
  },
];

/** A provider that answers 智能数据 with these figures (or never, or with an error), recording its calls. */
export function withCharts<P extends DataProvider>(
  provider: P,
  figures: ChartFigures[] | 'never' | 'fail' = CLAIM_FIGURES,
) {
  const calls: { module: string; tab?: string; period?: string }[] = [];
  const charts: NonNullable<DataProvider['charts']> = (p) => {
    calls.push(p);
    if (figures === 'never') return new Promise(() => undefined);
    if (figures === 'fail') return Promise.reject(new Error('网络错误'));
    return Promise.resolve({ period: p.period ?? null, charts: figures });
  };
  return Object.assign(provider, { charts, chartCalls: calls });
}

/** A page with the module tab bar and these charts. */
export const CLAIMS_PAGE: PageSchema = {
  key: 'claims',
  title: '报销管理',
  module: 'claims',
  tabs: {
    modules: [
      { moduleAbbreviation: '报销', mobileClientName: '报销管理', key: 'claims' },
      { moduleAbbreviation: '借支', mobileClientName: '借支管理', key: 'loans' },
    ],
  },
  sectionHeader: {
    title: '报销单',
    tabs: [
      { label: '全部', value: 'all' },
      { label: '我发起的', value: 'mine' },
    ],
  },
  list: {
    columns: [
      { prop: 'code', label: '报销单号' },
      { prop: 'totalPrice', label: '报销总额', type: 'money' },
    ],
  },
  drawer: {
    title: '报销单',
    fields: [
      { fieldName: 'applyDate', titleName: '报销日期', fontendType: 'date' },
      { fieldName: 'deptId', titleName: '部门', fontendType: 'treeSelect', data: { fieldKey: 'dept' } },
      { fieldName: 'totalPrice', titleName: '报销总额', fontendType: 'number' },
    ],
  },
  charts: CLAIM_CHARTS,
} as PageSchema;
