// One sentence per approval-dynamics entry, shared by the drawer's timeline and the printed PDF so both
// read the same: "张三 提交了申请", "部门负责人：演示用户 同意", "财务审批：等待 李四 审批".
import type { ApprovalStep } from './schema/types';

type Step = Pick<ApprovalStep, 'name' | 'operationName'> & {
  assigneeName?: string | null;
  approvalOpinion?: string | null;
};

export function describeStep(s: Step): string {
  const who = s.assigneeName ?? '';
  const why = s.approvalOpinion ? `：${s.approvalOpinion}` : '';
  switch (s.operationName) {
    case 'submit':
      return `${who} 提交了申请${s.approvalOpinion ? `（审批流程：${s.approvalOpinion}）` : ''}`;
    case 'agree':
      return `${s.name}：${who} 同意${why}`;
    case 'refuse':
      return `${s.name}：${who} 驳回${s.approvalOpinion ? `，原因：${s.approvalOpinion}` : ''}`;
    case 'withdraw':
      return `${who} 撤回了申请`;
    case 'pending':
      return `${s.name}：等待 ${who} 审批${s.approvalOpinion ? `（${s.approvalOpinion}）` : ''}`;
    case 'stage':
      return `${who} ${s.name}${s.approvalOpinion ? `（${s.approvalOpinion}）` : ''}`;
    case 'auto':
      return `${s.name}${why}`;
    default:
      return `${s.name} ${who}${why}`;
  }
}
