// The unit project's global setup: only the meta-schema's compiled validator (scripts/page-validator.mjs), which
// schema-reading suites import; no database and no demo seed, so unit runs take seconds.
export default async function setup() {
  // @ts-expect-error plain JavaScript script without types
  await (await import('../scripts/page-validator.mjs')).ensurePageValidator();
}
