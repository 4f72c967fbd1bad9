// Which data field holds a record's stage: the page's `stages.field`, or `stage` when it names none. Read by the
// server (stored stages, clocks, filters), the engine (columns, the drawer's header) and the checker alike.
import type { StagesConfig } from './types';

export const stageFieldOf = (stages: Pick<StagesConfig, 'field'> | undefined): string => stages?.field ?? 'stage';
