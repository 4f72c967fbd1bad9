import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Steps } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

export const INDIVIDUAL_STEPS = ['团队信息', '身份证识别', '信息确认', '提交'];
export const ENTERPRISE_STEPS = ['企业信息', '法人授权', '信息核对', '提交'];

interface Props {
  title: string;
  subtitle?: ReactNode;
  steps?: string[];
  current?: number;
  /** Where 返回 goes; none hides it. */
  back?: string;
  children: ReactNode;
  width?: number;
}

/** The onboarding screens' frame: a centred card with a title, the wizard's steps and a back link. */
export function OnboardingFrame({ title, subtitle, steps, current = 0, back, children, width = 720 }: Props) {
  const navigate = useNavigate();
  return (
    <div className="yg-onboard">
      <div className="yg-onboard-card" style={{ maxWidth: width }}>
        <div className="yg-onboard-head">
          {back && (
            <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate(back)} className="yg-onboard-back">
              返回
            </Button>
          )}
          <h1 className="yg-onboard-title">{title}</h1>
          {subtitle && <p className="yg-onboard-sub">{subtitle}</p>}
        </div>
        {steps && (
          <Steps size="small" current={current} items={steps.map((t) => ({ title: t }))} className="yg-onboard-steps" />
        )}
        <div className="yg-onboard-body">{children}</div>
      </div>
    </div>
  );
}
