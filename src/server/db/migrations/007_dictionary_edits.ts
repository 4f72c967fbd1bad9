import type { Kysely } from 'kysely';
import { runSql } from './run-sql';

// Dictionary pages edit the team's dictionaries:
// - seeded: the items every team starts with may be renamed but not deleted, re-coded or
//   re-parented, so the product's own references to them (e.g. 部门负责人 steps, taxRate codes) hold. Rows that
//   exist when this runs were all seeded.
// - dict_extra: one extra value a page declares per fieldKey (an expenseType's 会计科目 code, a salaryItem's
//   加项/减项), kept out of dict_code because dict_code is unique per fieldKey and these values repeat.
// - deleted_at: deletion is soft, so records that stored an item's id still resolve its name.
// - dict_code is unique per fieldKey within a team among live items; the database refuses a second holder even
//   under concurrent writers.
export async function up(db: Kysely<any>): Promise<void> {
  await runSql(
    db,
    `
    ALTER TABLE dictionaries ADD COLUMN seeded boolean NOT NULL DEFAULT false;
    UPDATE dictionaries SET seeded = true;
    ALTER TABLE dictionaries ADD COLUMN dict_extra text;
    ALTER TABLE dictionaries ADD COLUMN deleted_at timestamptz;
    CREATE UNIQUE INDEX dictionaries_code ON dictionaries (tenant_code, field_key, dict_code) WHERE dict_code IS NOT NULL AND deleted_at IS NULL;
    CREATE INDEX dictionaries_parent ON dictionaries (tenant_code, parent_id) WHERE parent_id IS NOT NULL
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runSql(
    db,
    `
    DROP INDEX dictionaries_parent;
    DROP INDEX dictionaries_code;
    ALTER TABLE dictionaries DROP COLUMN deleted_at;
    ALTER TABLE dictionaries DROP COLUMN dict_extra;
    ALTER TABLE dictionaries DROP COLUMN seeded
  `,
  );
}
