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
}

export interface DemoRole {
  key: string;
  name: string;
  /** Catalogue groups whose modules (and every permission code of them) the role grants. */
  groups: string[];
}

export function loadPeople(dir = DEMO_DIR): { people: DemoPerson[]; roles: DemoRole[] } {
  const file = path.join(dir, 'people.json');
  if (!fs.existsSync(file)) return { people: [], roles: [] };
  const j = JSON.parse(fs.readFileSync(file, 'utf8')) as { people?: DemoPerson[]; roles?: DemoRole[] };
  return { people: j.people ?? [], roles: j.roles ?? [] };
}
