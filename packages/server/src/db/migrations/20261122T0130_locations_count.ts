import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../connection.ts';

// Every list answers with its total. Counting a project's locations row by row costs milliseconds per request at
// 100,000 locations, so each project keeps its count, and triggers keep it right whichever code inserts or deletes
// (the API, the CLI, imports, cascades). Lists with filters still count the rows they match.

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('projects')
    .addColumn('locations_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update projects set locations_count = (select count(*) from locations where locations.project_id = projects.id)`.execute(
    db,
  );
  if (dialect === 'sqlite') {
    await sql`create trigger locations_count_insert after insert on locations begin
        update projects set locations_count = locations_count + 1 where id = new.project_id;
      end`.execute(db);
    await sql`create trigger locations_count_delete after delete on locations begin
        update projects set locations_count = locations_count - 1 where id = old.project_id;
      end`.execute(db);
    await sql`create trigger locations_count_move after update of project_id on locations when old.project_id <> new.project_id begin
        update projects set locations_count = locations_count - 1 where id = old.project_id;
        update projects set locations_count = locations_count + 1 where id = new.project_id;
      end`.execute(db);
    return;
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

export async function down(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect === 'sqlite') {
    for (const trigger of ['locations_count_insert', 'locations_count_delete', 'locations_count_move']) {
      await sql`drop trigger ${sql.id(trigger)}`.execute(db);
    }
  } else {
    await sql`drop trigger locations_count on locations`.execute(db);
    await sql`drop function locations_count_change()`.execute(db);
  }
  await db.schema.alterTable('projects').dropColumn('locations_count').execute();
}
