// What a database's connections can do, marked by openDatabase (index.ts) and asked by withTenant and withTenantRead
// (tenant-scope.ts). Apart from both so neither imports the other.
// Statement batches: several statements in one round trip by the simple protocol (node-postgres; our PGlite dialect).
const multiStatement = new WeakSet<object>();
export const markStatementBatches = (db: object) => void multiStatement.add(db);
export const takesStatementBatches = (db: object) => multiStatement.has(db);

// Read scopes: the pool's clients run each statement with the team's settings in one text (db/prepared.ts,
// node-postgres only; on PGlite there is no round trip to save).
const readScoped = new WeakSet<object>();
export const markReadScopes = (db: object) => void readScoped.add(db);
export const takesReadScopes = (db: object) => readScoped.has(db);
