import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { OnboardingFrame } from './OnboardingFrame';
import { SelectionPanel } from './SelectionPanel';
import type { SelectionMode } from './selection';

/** /selectionMethod: where a user without a team starts — join or create, individual or enterprise. */
export function SelectionMethodPage() {
  const navigate = useNavigate();
  const [mode, setMode] = useState<SelectionMode>('join');
  return (
    <OnboardingFrame title="欢迎使用易管" subtitle="加入已有团队，或创建属于您的团队" width={600}>
      <SelectionPanel mode={mode} switchable onModeChange={setMode} onPick={navigate} />
    </OnboardingFrame>
  );
}

/** /createTeam: the create half of the selection. */
export function CreateTeamPage() {
  const navigate = useNavigate();
  return (
    <OnboardingFrame title="创建团队" subtitle="请选择要创建的团队类型" width={600}>
      <SelectionPanel mode="create" onPick={navigate} />
    </OnboardingFrame>
  );
}
