// Which databases take several statements in one round trip (node-postgres's simple protocol): marked by
// openDatabase (index.ts), asked by withTenant (tenant-scope.ts). Apart from both so neither imports the other.
const multiStatement = new WeakSet<object>();

export const markStatementBatches = (db: object) => void multiStatement.add(db);
export const takesStatementBatches = (db: object) => multiStatement.has(db);
