// @vitest-environment jsdom
// 智能数据 in the browser: the tab bar's entry opens the page's charts in place of the list (cards, loading and
// 暂无数据 states, 返回列表), the header's tab and year apply to them, and a page without charts offers no entry.
// ECharts draws on a canvas jsdom does not have: EChart is replaced by a stand-in showing its option; the option
// itself is tested as data.
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { PageRenderer } from '../page/PageRenderer';
import { bodyText, buttons, renderWithFixtures } from '../fixtures/render';
import { createFixtureProvider } from '../fixtures/fixture-provider';
import { runStories } from '../fixtures/run-stories';
import { CLAIM_FIGURES, CLAIMS_PAGE, withCharts } from './fixtures';
import { chartOption } from './EChart';

vi.mock('./EChart', async (load) => {
  const real = await load<typeof import('./EChart')>();
  return {
    ...real,
    EChart: ({ option }: { option: { series: { type: string; data: unknown[] }[] } }) => (
      <div className="echart-stub">{option.series.map((s) => `${s.type}:${s.data.length}`).join(',')}</div>
    ),
  };
});

afterEach(cleanup);
// The components project shares one module cache between the files of a worker (isolate: false): the stub leaves
// with this file, and the modules that imported it are loaded afresh by the next.
afterAll(() => {
  vi.doUnmock('./EChart');
  vi.resetModules();
});

const smartEntry = () =>
  [...document.querySelectorAll('.yg-module-tabs [role="button"]')].find((b) => b.textContent?.includes('智能数据')) as
    | HTMLElement
    | undefined;

describe('智能数据 view', () => {
  it("opens from the tab bar in place of the list, with the header's tab and year, and 返回列表 brings the list back", async () => {
    const provider = withCharts(createFixtureProvider({ rows: [{ id: 1, code: 'BX001', totalPrice: 10 }] }));
    renderWithFixtures(<PageRenderer schema={CLAIMS_PAGE} file="claims.json" now="2024-03-05" />, { provider });
    expect(await screen.findByText('BX001')).toBeTruthy();
    expect(provider.chartCalls).toEqual([]);
    await act(async () => {
      fireEvent.click(smartEntry()!);
    });
    // Four cards titled by the schema; figures drawn (bar and pie), the empty one says 暂无数据.
    for (const t of ['报销金额按月', '按费用类型', '按部门', '状态分布'])
      expect(await screen.findByText(t)).toBeTruthy();
    await waitFor(() => expect(document.querySelectorAll('.echart-stub')).toHaveLength(3));
    expect([...document.querySelectorAll('.echart-stub')].map((e) => e.textContent)).toEqual([
      'bar:3',
      'pie:4',
      'bar:3',
    ]);
    expect(bodyText()).toContain('暂无数据');
    expect(bodyText()).not.toContain('BX001');
    // The list had no period control: the charts get year arrows, starting on this year.
    expect(provider.chartCalls.at(-1)).toEqual({ module: 'claims', tab: 'all', period: '2024' });
    await act(async () => {
      fireEvent.click(screen.getByLabelText('上一期'));
    });
    await waitFor(() => expect(provider.chartCalls.at(-1)).toMatchObject({ period: '2023' }));
    await act(async () => {
      fireEvent.click(
        [...document.querySelectorAll('.ant-tabs-tab')].find((t) => t.textContent === '我发起的') as HTMLElement,
      );
    });
    await waitFor(() => expect(provider.chartCalls.at(-1)).toMatchObject({ tab: 'mine' }));
    await act(async () => {
      fireEvent.click(buttons('返回列表')[0]);
    });
    expect(await screen.findByText('BX001')).toBeTruthy();
    expect(document.querySelector('.yg-smart-data')).toBeNull();
  });

  it("the page tree's node narrows the charts as it narrows the list", async () => {
    const provider = withCharts(createFixtureProvider({ rows: [] }));
    renderWithFixtures(
      <PageRenderer
        schema={{ ...CLAIMS_PAGE, tree: { title: '部门', fieldKey: 'dept', field: 'deptId' } }}
        file="claims.json"
        now="2024-03-05"
      />,
      { provider },
    );
    // The dictionary tree loads slowly in jsdom on a busy machine.
    const node = await screen.findByText('生产部', undefined, { timeout: 30_000 });
    await act(async () => {
      fireEvent.click(node);
    });
    await act(async () => {
      fireEvent.click(smartEntry()!);
    });
    await waitFor(() =>
      expect(provider.chartCalls.at(-1)).toEqual({
        module: 'claims',
        tab: 'all',
        period: '2024',
        filters: [{ field: 'deptId', operator: 'in', value: ['d5', 'd51', 'd52', 'd53'] }],
      }),
    );
  });

  it('shows each card loading until the figures come', async () => {
    const provider = withCharts(createFixtureProvider({ rows: [] }), 'never');
    renderWithFixtures(<PageRenderer schema={CLAIMS_PAGE} file="claims.json" now="2024-03-05" />, { provider });
    await waitFor(() => expect(smartEntry()).toBeTruthy());
    await act(async () => {
      fireEvent.click(smartEntry()!);
    });
    expect(await screen.findByText('按部门')).toBeTruthy();
    await waitFor(() => expect(document.querySelectorAll('.yg-chart-card .ant-spin')).toHaveLength(4));
  });

  it('a page without charts has no 智能数据 entry', async () => {
    const provider = withCharts(createFixtureProvider({ rows: [] }));
    renderWithFixtures(
      <PageRenderer schema={{ ...CLAIMS_PAGE, charts: undefined }} file="claims.json" now="2024-03-05" />,
      { provider },
    );
    await waitFor(() => expect(document.querySelector('.yg-module-tabs')).toBeTruthy());
    expect(smartEntry()).toBeUndefined();
  });

  it('the ECharts option: categories on the x axis for bars and lines, named slices for pies, units in tooltips', () => {
    const bar = chartOption(CLAIM_FIGURES[0]) as any;
    expect(bar.xAxis.data).toEqual(['2024-01', '2024-02', '2024-03']);
    expect(bar.series[0]).toMatchObject({ type: 'bar', data: [12800.5, 9650, 15320.25] });
    expect(bar.tooltip.valueFormatter(1234.5)).toBe('1,234.5元');
    const pie = chartOption(CLAIM_FIGURES[1]) as any;
    expect(pie.series[0].data[0]).toEqual({ name: '差旅', value: 15200 });
    expect((chartOption({ ...CLAIM_FIGURES[0], type: 'line' }) as any).series[0]).toMatchObject({
      type: 'line',
      smooth: true,
    });
    // Counts step by whole numbers.
    expect([
      (chartOption({ ...CLAIM_FIGURES[0], op: 'count' }) as any).yAxis.minInterval,
      bar.yAxis.minInterval,
    ]).toEqual([1, undefined]);
  });
});

runStories(import.meta.glob('./*.stories.tsx', { eager: true }));
