// 所属行业 on the create-team forms: the enabled industries of 行业模块. The team gets the industry's
// default mode and seed dictionaries (server: platform/grants.ts); optional — none gives the team type's first mode.
import { useEffect, useState } from 'react';
import { Form, Select } from 'antd';
import { api } from '../../api/client';

interface Industry {
  value: string;
  label: string;
}
let known: Industry[] = [];

/** The wizard's industry fields for a chosen code (its name kept for the review screen). */
export function industryOf(code: string | undefined): { industryCode?: string; industryName?: string } {
  if (!code) return { industryCode: undefined, industryName: undefined };
  return { industryCode: code, industryName: known.find((i) => i.value === code)?.label ?? code };
}

export function IndustryItem() {
  const [options, setOptions] = useState<Industry[]>(known);
  useEffect(() => {
    api.get<Industry[]>('/platform/industryOptions', { silent: true, noLoading: true }).then(
      (list) => {
        known = list;
        setOptions(list);
      },
      () => undefined,
    );
  }, []);
  return (
    <Form.Item label="所属行业" name="industryCode" extra="选填，新团队将获得该行业的默认模式与初始化字典">
      <Select size="large" allowClear placeholder="请选择所属行业" options={options} data-testid="industry-select" />
    </Form.Item>
  );
}
