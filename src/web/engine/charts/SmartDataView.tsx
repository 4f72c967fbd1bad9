// 智能数据: the charts a page declares (PageSchema.charts), shown in place of the list as a grid of cards. The
// figures come from the server (POST /api/data/:module/charts, aggregated in SQL over the records the member
// may see) for the section header's tab and month or year; each card has its loading and 暂无数据 states.
// Loaded on demand (React.lazy in PageRenderer), with ECharts, so neither is in the main bundle.
import { useEffect, useMemo, useState } from 'react';
import { Button, Card, Col, Empty, Row, Spin } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import type { ChartDef } from '../../../common/schema/types';
import { formatMoney } from '../../../common/rules/format';
import { useDataProvider, type ChartFigures, type Filter } from '../../api/data-provider';
import { chartOption, EChart } from './EChart';

export interface SmartDataViewProps {
  module: string;
  charts: ChartDef[];
  tab?: string;
  period?: string;
  /** The page tree's node: a category, or the filter of a dictionary tree node. */
  categoryId?: string;
  filters?: Filter[];
  onBack?: () => void;
}

type State = { loading: boolean; figures?: Map<string, ChartFigures>; failed?: boolean };

const total = (c: ChartFigures) => (c.op === 'avg' ? undefined : c.values.reduce((a, b) => a + b, 0));

function ChartCard({
  def,
  figures,
  loading,
  failed,
}: {
  def: ChartDef;
  figures?: ChartFigures;
  loading: boolean;
  failed?: boolean;
}) {
  const option = useMemo(() => (figures ? chartOption(figures) : undefined), [figures]);
  const sum = figures && figures.values.length ? total(figures) : undefined;
  return (
    <Card
      size="small"
      title={def.title}
      className="yg-chart-card"
      data-chart={def.key}
      extra={
        sum !== undefined ? (
          <span style={{ color: '#888' }}>
            合计 {figures?.unit === '元' ? formatMoney(sum) : sum.toLocaleString('zh-CN', { maximumFractionDigits: 2 })}{' '}
            {figures?.unit ?? ''}
          </span>
        ) : null
      }
    >
      <div style={{ height: 260, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        {loading ? (
          <Spin />
        ) : failed ? (
          <Empty description="加载失败" image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : !figures || !figures.categories.length ? (
          <Empty description="暂无数据" image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <div style={{ width: '100%' }}>
            <EChart option={option!} />
          </div>
        )}
      </div>
    </Card>
  );
}

export default function SmartDataView({
  module,
  charts,
  tab,
  period,
  categoryId,
  filters,
  onBack,
}: SmartDataViewProps) {
  const provider = useDataProvider();
  const [state, setState] = useState<State>({ loading: true });
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    if (!provider.charts) return void setState({ loading: false, failed: true });
    provider
      .charts({ module, tab, period, ...(categoryId ? { categoryId } : {}), ...(filters?.length ? { filters } : {}) })
      .then(
        (r) => {
          if (live) setState({ loading: false, figures: new Map(r.charts.map((c) => [c.key, c])) });
        },
        () => {
          if (live) setState({ loading: false, failed: true });
        },
      );
    return () => {
      live = false;
    };
  }, [provider, module, tab, period, categoryId, filters]);
  return (
    <div className="yg-smart-data">
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', marginBottom: 12 }}>
        <strong>
          智能数据{period ? <span style={{ fontWeight: 400, color: '#888', marginLeft: 8 }}>{period}</span> : null}
        </strong>
        <Button icon={<ArrowLeftOutlined />} onClick={onBack}>
          返回列表
        </Button>
      </div>
      <Row gutter={[16, 16]}>
        {charts.map((c) => (
          <Col key={c.key} xs={24} lg={12}>
            <ChartCard def={c} figures={state.figures?.get(c.key)} loading={state.loading} failed={state.failed} />
          </Col>
        ))}
      </Row>
    </div>
  );
}
