// What the features add to the records core, handed over at start: the records core names none of them.
import type { SchemaCheck } from './modules/records/schema-checks';
import type { Config } from './config';
import type { DataSteps } from './db/data-steps';
import { SchemaRegistry } from './modules/records/schema-registry';
import { backfillCopies } from './modules/records/backfill';
import { useApprovals } from './modules/records/approvals';
import { workflowApprovals } from './modules/workflow/approvals';
import { useStockLedger } from './modules/records/stock-ledger';
import { ledger } from './modules/stock/ledger';
import { chartProblems } from './modules/charts/check';
import { printTemplateErrors } from './modules/print/template';
import { documentErrors } from './modules/print/documents';
import { approvalFromProblems } from './modules/workflow/approval-from-check';

/** Each feature's start-up check of its part of a page, in the order their problems are told. */
export const schemaChecks: readonly SchemaCheck[] = [
  chartProblems,
  printTemplateErrors,
  (m, links) => documentErrors(m, links.lineColumnsOf),
  (m, links) => approvalFromProblems(m, links.has),
];

/** Hands each feature's engine to the records core, once at start, before any route runs. */
export function handOverFeatures() {
  useApprovals(workflowApprovals);
  useStockLedger(ledger);
}

/** What the data migrations need of the records core: the copy backfill reads the page schemas as they are now. */
export function dataSteps(config: Pick<Config, 'schemasDir'>): DataSteps {
  return {
    copyBackfill: async (db) => {
      await backfillCopies(db, new SchemaRegistry(config.schemasDir));
    },
  };
}
