// A slot a lower module keeps for what a higher one hands it at start (the workflow's engine, the stock ledger, the
// records core's answer about a file's holders): the lower module calls through it without importing its giver.
export interface Handover<T> {
  /** The giver hands its part over, once at start, before any route runs. */
  use(part: T): void;
  /** What was handed over; asking before start is a wiring fault, told by `missing`. */
  get(): T;
}

export function handover<T>(missing: string): Handover<T> {
  let handed: T | undefined;
  return {
    use(part) {
      handed = part;
    },
    get() {
      if (!handed) throw new Error(missing);
      return handed;
    },
  };
}
