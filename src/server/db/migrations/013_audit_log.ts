import { sql, type Kysely } from 'kysely';
import { runSql } from './run-sql';

// The audit log: who changed what, when, in which team, with the values before and after.
// Written by triggers in the same transaction as the change, so no path that writes (a form, an approval, a
// stage action, an effect, an Excel import, a dictionary or role edit) can forget it. Who: `app.user`, which
// withTenant sets from the request's session. Logins and failed logins are written by the login routes.
// Append-only for the application role: it reads its own team's rows and nothing else — the triggers' function
// (SECURITY DEFINER, owned by the migrating role) is the only writer, so no query of the app can forge, change
// or delete an entry.
/** Every table whose writes are logged: records (and so stage actions, effects, imports), approvals, the team's set-up. */
export const AUDITED = [
  'records',
  'dictionaries',
  'categories',
  'memberships',
  'roles',
  'user_roles',
  'tenants',
  'field_options',
  'operation_guidance',
  'tasks',
  'process_instances',
];

export async function up(db: Kysely<any>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE audit_log (
      id bigserial PRIMARY KEY,
      tenant_code text,
      user_id bigint,
      at timestamptz NOT NULL DEFAULT clock_timestamp(),
      action text NOT NULL,
      entity text NOT NULL,
      module text,
      record_id bigint,
      before jsonb,
      after jsonb,
      ip text
    );
    CREATE INDEX audit_log_tenant_at ON audit_log (tenant_code, at DESC, id DESC);
    CREATE INDEX audit_log_record ON audit_log (tenant_code, record_id, id) WHERE record_id IS NOT NULL;
    REVOKE ALL ON audit_log FROM yiguan_app;
    REVOKE ALL ON SEQUENCE audit_log_id_seq FROM yiguan_app;
    GRANT SELECT ON audit_log TO yiguan_app;
    ALTER TABLE audit_log ENABLE ROW LEVEL SECURITY;
    CREATE POLICY audit_log_tenant ON audit_log FOR SELECT USING (tenant_code = current_setting('app.tenant', true))
  `,
  );
  // One statement each (runSql would split the function body at its semicolons).
  // The row before and after, as flat objects: a record's data fields beside its columns; on an update only what
  // changed (timestamps and search vectors are not changes). Nothing changed: nothing logged.
  await sql
    .raw(`CREATE OR REPLACE FUNCTION yg_audit() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $f$
    DECLARE
      o jsonb; n jsonb; b jsonb; a jsonb; act text; row jsonb;
      skip text[] := ARRAY['updated_at', 'created_at', 'search', 'password_hash'];
    BEGIN
      IF coalesce(current_setting('app.audit', true), '') = 'off' THEN RETURN NULL; END IF;
      IF TG_OP <> 'INSERT' THEN o := to_jsonb(OLD); END IF;
      IF TG_OP <> 'DELETE' THEN n := to_jsonb(NEW); END IF;
      row := coalesce(n, o);
      IF TG_TABLE_NAME = 'records' THEN
        o := CASE WHEN o IS NULL THEN NULL ELSE (o - 'data') || coalesce(o->'data', '{}'::jsonb) END;
        n := CASE WHEN n IS NULL THEN NULL ELSE (n - 'data') || coalesce(n->'data', '{}'::jsonb) END;
      END IF;
      IF TG_OP = 'UPDATE' THEN
        SELECT jsonb_object_agg(k, o->k), jsonb_object_agg(k, n->k) INTO b, a
          FROM (SELECT jsonb_object_keys(o) AS k UNION SELECT jsonb_object_keys(n)) keys
         WHERE k <> ALL (skip) AND (o->k) IS DISTINCT FROM (n->k);
        IF a IS NULL THEN RETURN NULL; END IF;
        act := CASE WHEN (o->>'deleted_at') IS NULL AND (n->>'deleted_at') IS NOT NULL THEN 'delete' ELSE 'update' END;
        -- A deletion keeps what was deleted; every record entry says which record (its code) it is about.
        IF act = 'delete' THEN b := o - skip; END IF;
        IF TG_TABLE_NAME = 'records' THEN
          b := b || jsonb_build_object('code', o->'code');
          a := a || jsonb_build_object('code', n->'code');
        END IF;
      ELSE
        b := CASE WHEN o IS NULL THEN NULL ELSE o - skip END;
        a := CASE WHEN n IS NULL THEN NULL ELSE n - skip END;
        act := lower(TG_OP);
        IF act = 'insert' THEN act := 'create'; END IF;
      END IF;
      INSERT INTO audit_log (tenant_code, user_id, ip, action, entity, module, record_id, before, after)
      VALUES (row->>'tenant_code', nullif(current_setting('app.user', true), '')::bigint, nullif(current_setting('app.ip', true), ''), act, TG_TABLE_NAME,
              row->>'module', CASE TG_TABLE_NAME WHEN 'records' THEN (row->>'id')::bigint WHEN 'process_instances' THEN (row->>'record_id')::bigint END, b, a);
      RETURN NULL;
    END $f$`)
    .execute(db);
  for (const table of AUDITED) {
    await sql
      .raw(
        `CREATE TRIGGER ${table}_audit AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION yg_audit()`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of AUDITED) {
    await sql.raw(`DROP TRIGGER IF EXISTS ${table}_audit ON ${table}`).execute(db);
  }
  await runSql(
    db,
    `
    DROP FUNCTION IF EXISTS yg_audit();
    DROP TABLE audit_log
  `,
  );
}
