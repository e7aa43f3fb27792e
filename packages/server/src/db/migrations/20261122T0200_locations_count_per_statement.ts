import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../connection.ts';

// On PostgreSQL, the row triggers of 20261122T0130 update the project's row once per location inserted. Every update
// leaves a row version that stays until the transaction ends, and each next update walks past them, so an import
// of 100,000 locations in one transaction took minutes and left every later read of the project slow until a
// vacuum. Statement triggers with transition tables update each project once per INSERT or DELETE statement, with
// the number of rows it touched. A move between projects (which the service never does) stays a row trigger that
// fires only when project_id really changes. SQLite keeps its row triggers: it keeps no row versions.

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`drop trigger locations_count on locations`.execute(db);
  await sql`drop function locations_count_change()`.execute(db);
  await sql`create function locations_count_inserted() returns trigger language plpgsql as $$
      begin
        update projects set locations_count = projects.locations_count + added.n
          from (select project_id, count(*) as n from inserted group by project_id) as added
          where projects.id = added.project_id;
        return null;
      end
    $$`.execute(db);
  await sql`create function locations_count_deleted() returns trigger language plpgsql as $$
      begin
        update projects set locations_count = projects.locations_count - removed.n
          from (select project_id, count(*) as n from deleted group by project_id) as removed
          where projects.id = removed.project_id;
        return null;
      end
    $$`.execute(db);
  await sql`create function locations_count_moved() returns trigger language plpgsql as $$
      begin
        update projects set locations_count = locations_count - 1 where id = old.project_id;
        update projects set locations_count = locations_count + 1 where id = new.project_id;
        return null;
      end
    $$`.execute(db);
  await sql`create trigger locations_count_insert after insert on locations
      referencing new table as inserted for each statement execute function locations_count_inserted()`.execute(db);
  await sql`create trigger locations_count_delete after delete on locations
      referencing old table as deleted for each statement execute function locations_count_deleted()`.execute(db);
  await sql`create trigger locations_count_move after update of project_id on locations
      for each row when (old.project_id is distinct from new.project_id) execute function locations_count_moved()`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const trigger of ['locations_count_insert', 'locations_count_delete', 'locations_count_move']) {
    await sql`drop trigger ${sql.id(trigger)} on locations`.execute(db);
  }
  for (const fn of ['locations_count_inserted', 'locations_count_deleted', 'locations_count_moved']) {
    await sql`drop function ${sql.id(fn)}()`.execute(db);
  }
  await sql`create function locations_count_change() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' and old.project_id = new.project_id then return null; end if;
        if tg_op in ('INSERT', 'UPDATE') then update projects set locations_count = locations_count + 1 where id = new.project_id; end if;
        if tg_op in ('DELETE', 'UPDATE') then update projects set locations_count = locations_count - 1 where id = old.project_id; end if;
        return null;
      end
    $$`.execute(db);
  await sql`create trigger locations_count after insert or delete or update of project_id on locations
      for each row execute function locations_count_change()`.execute(db);
}
