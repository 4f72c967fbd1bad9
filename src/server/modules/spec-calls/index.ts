// The calls of the API's call table (tests/api/spec-contract.test.ts) that no page schema serves by itself: lookups and lists over the team's
// dictionaries, roles, members and module records. Each group is one small file; all read the same tables and
// repository functions the module pages use.
import type { Api } from '../../typed-app';
import type { AppServices } from '../../services';
import { postRoutes } from './posts';
import { roleRoutes } from './roles';
import { projectRoutes } from './projects';
import { guidanceRoutes } from './guidance';
import { memberRoutes } from './members';
import { modeRoutes } from './modes';
import { partnerRoutes } from './partners';
import { bankRoutes } from './bank';
import { employeeRoutes } from './employees';

export async function specCallRoutes(app: Api, s: AppServices) {
  await postRoutes(app, s);
  await roleRoutes(app, s);
  await projectRoutes(app, s);
  await guidanceRoutes(app, s);
  await memberRoutes(app, s);
  await modeRoutes(app, s);
  await partnerRoutes(app, s);
  await bankRoutes(app, s);
  await employeeRoutes(app, s);
}
