// The workflow's engine as the records core asks for it (records/approvals.ts): handed over at start.
import type { Approvals } from '../records/approvals';
import { routeFor, runningOf, startInstance } from './engine';
import { namesOf } from './names';

export const workflowApprovals: Approvals = {
  start: startInstance,
  running: runningOf,
  route: routeFor,
  stepNames: namesOf,
};
