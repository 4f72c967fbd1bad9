/**
 * The in-flight request counter behind the full-screen loading mask.
 * Every begin() is paired with an end() in a finally block, and end() never goes below zero,
 * so a failed request can never leave the mask up.
 */
type Listener = (count: number) => void;

let count = 0;
const listeners = new Set<Listener>();

function emit() {
  for (const l of listeners) l(count);
}

export const loading = {
  begin(): void {
    count += 1;
    emit();
  },
  end(): void {
    count = Math.max(0, count - 1);
    emit();
  },
  count(): number {
    return count;
  },
  subscribe(l: Listener): () => void {
    listeners.add(l);
    return () => {
      listeners.delete(l);
    };
  },
  /** Tests only. */
  reset(): void {
    count = 0;
    emit();
  },
};

/** Runs fn with the mask counted for its whole duration. */
export async function withLoading<T>(fn: () => Promise<T>): Promise<T> {
  loading.begin();
  try {
    return await fn();
  } finally {
    loading.end();
  }
}
