// What a record picker's `data` is (`{ module, label, filter, fill }`): apart from pickers.ts so that start-up
// checks can ask it without the pickers' queries (and their imports) behind them.
import type { RecordSource } from '../../../common/schema';

export const recordSourceOf = (d: unknown): RecordSource | undefined =>
  d && typeof d === 'object' && !Array.isArray(d) && typeof (d as RecordSource).module === 'string'
    ? (d as RecordSource)
    : undefined;
