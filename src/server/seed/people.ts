// The demo company's staff beyond the four people seed.ts names itself: demo/people.json (who they are, their
// department, the departments they lead, their roles by key, and the roles a team of this kind sets up).
import fs from 'node:fs';
import path from 'node:path';
import { DEMO_DIR } from './story';

export interface DemoPerson {
  username: string;
  nickName: string;
  mobile: string;
  /** Department name in the team's dept dictionary. */
  dept: string;
  leaderOf?: string[];
  /** Role keys: "finance" (seed.ts) or one of `roles`. */
  roles?: string[];
  /** Joined by a request an admin (lisi) approved that many days ago, with the applicant's remark. */
  applied?: { remark: string; daysAgo: number };
}

/** Someone who asked to join and was refused (加入申请 已拒绝): a user, not a member. */
export interface DemoApplicant {
  username: string;
  nickName: string;
  mobile: string;
  /** The refusal's reason. */
  refused: string;
  daysAgo: number;
}

export interface DemoRole {
  key: string;
  name: string;
  /** Catalogue groups whose modules (and every permission code of them) the role grants. */
  groups: string[];
  /** Further modules (catalogue keys) the role grants beside its groups'. */
  modules?: string[];
  /** Actions withheld on every module of the role (e.g. delete, export). */
  without?: string[];
  /** Which records its holders see (全部 all, 本部门及下级 deptTree, 本部门 dept, 仅本人 self); default all. */
  dataScope?: 'all' | 'deptTree' | 'dept' | 'self';
}

export function loadPeople(dir = DEMO_DIR): { people: DemoPerson[]; roles: DemoRole[]; applicants: DemoApplicant[] } {
  const file = path.join(dir, 'people.json');
  if (!fs.existsSync(file)) return { people: [], roles: [], applicants: [] };
  const j = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    people?: DemoPerson[];
    roles?: DemoRole[];
    applicants?: DemoApplicant[];
  };
  return { people: j.people ?? [], roles: j.roles ?? [], applicants: j.applicants ?? [] };
}
