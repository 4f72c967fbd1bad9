// A small React wrapper over ECharts (echarts/core with only the chart types the page language declares —
// bar, line, pie — and the canvas renderer registered, so the bundle carries nothing else). It lives in the
// 智能数据 view's chunk, which the page loads only when the view opens. Resizes with its box.
import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { ChartFigures } from '../../api/data-provider';
import { debounce } from '../constants';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

type Option = Parameters<echarts.ECharts['setOption']>[0];

const fmt = (v: unknown, unit?: string) =>
  `${typeof v === 'number' ? v.toLocaleString('zh-CN', { maximumFractionDigits: 2 }) : String(v ?? '')}${unit ?? ''}`;

/** The ECharts option of a chart's figures. */
export function chartOption(
  c: Pick<ChartFigures, 'type' | 'title' | 'unit' | 'categories' | 'values'> & { op?: ChartFigures['op'] },
): Option {
  if (c.type === 'pie') {
    return {
      tooltip: { trigger: 'item', valueFormatter: (v: unknown) => fmt(v, c.unit) },
      legend: { type: 'scroll', orient: 'vertical', right: 0, top: 'middle' },
      series: [
        {
          type: 'pie',
          name: c.title,
          radius: ['40%', '70%'],
          center: ['40%', '50%'],
          avoidLabelOverlap: true,
          label: { show: false },
          data: c.categories.map((name, i) => ({ name, value: c.values[i] })),
        },
      ],
    };
  }
  return {
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => fmt(v, c.unit) },
    grid: { left: 8, right: 16, top: 24, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: c.categories, axisLabel: { interval: 0, hideOverlap: true } },
    yAxis: {
      type: 'value',
      name: c.unit,
      minInterval: c.op === 'count' ? 1 : undefined,
      axisLabel: { formatter: (v: number) => fmt(v) },
    },
    series: [{ type: c.type, name: c.title, data: c.values, smooth: c.type === 'line', barMaxWidth: 36 }],
  };
}

export interface EChartProps {
  option: Option;
  height?: number;
}

export function EChart({ option, height = 260 }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts>();
  useEffect(() => {
    if (!box.current) return;
    const c = echarts.init(box.current);
    chart.current = c;
    // A window drag sends a burst of notifications: the chart redraws once they settle.
    const seen =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(
            debounce(() => {
              if (!c.isDisposed()) c.resize();
            }),
          );
    seen?.observe(box.current);
    return () => {
      seen?.disconnect();
      c.dispose();
      chart.current = undefined;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);
  return <div ref={box} className="yg-echart" style={{ width: '100%', height }} />;
}
