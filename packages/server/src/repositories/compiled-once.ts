import { createQueryId, type CompiledQuery, type Compilable } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Executor } from './executor.ts';

/** Shapes kept per query and dialect: far more than the API uses, few enough that odd requests cannot fill memory. */
const TEMPLATES_PER_QUERY = 500;

/** Stands in for a value while a query is compiled; the value of each call takes its place. */
class Slot {
  constructor(readonly index: number) {}
}

/** A compiled query and, for each of its parameters, the slot it came from or the constant it is. */
type Template = CompiledQuery<unknown>;

/**
 * A query built and compiled once per dialect and shape, then run with each call's values. Kysely builds and
 * compiles a query on every call, and for a wide select with joins that takes longer (about 50 µs) than SQLite
 * takes to run it; the hot reads of every request are the same few queries with other values.
 *
 * `build` receives the shape (anything that changes the SQL: which parts to include, how many IDs) and stand-ins
 * for the values, and must use each value only as a value (`where(column, '=', value)`, `where(column, 'in', ids)`),
 * never to decide what the SQL looks like: such decisions belong in the shape, which is part of the cache key
 * (with the length of every array value).
 * @example
 * const byName = compiledOnce((db, _shape: null, projectId: number, name: string) =>
 *   db.selectFrom('filters').selectAll().where('project_id', '=', projectId).where('name', '=', name));
 * const rows = await byName(db, null, 7, 'Parking');
 */
export function compiledOnce<Shape, Values extends unknown[], Row>(
  build: (db: Executor, shape: Shape, ...values: Values) => Compilable<Row>,
): (db: Executor, shape: Shape, ...values: Values) => Promise<Row[]> {
  // Per dialect (the SQL differs), then per shape and array lengths; bounded, since callers' input picks shapes.
  const byDialect = new WeakMap<object, LRUCache<string, Template>>();
  return async (db, shape, ...values) => {
    const dialect = db.getExecutor().adapter.constructor;
    let templates = byDialect.get(dialect);
    if (!templates) {
      templates = new LRUCache({ max: TEMPLATES_PER_QUERY });
      byDialect.set(dialect, templates);
    }
    let key = shape === null ? '' : JSON.stringify(shape);
    let hasArrays = false;
    for (const value of values) {
      if (Array.isArray(value)) {
        key += `|${value.length}`;
        hasArrays = true;
      }
    }
    let template = templates.get(key);
    if (!template) {
      let next = 0;
      const slots = values.map((value) => (Array.isArray(value) ? value.map(() => new Slot(next++)) : new Slot(next++)));
      // The stand-ins are only ever placed as parameters, which is all `build` may do with the values.
      template = build(db, shape, ...(slots as unknown as Values)).compile();
      templates.set(key, template);
    }
    const flat = hasArrays ? values.flat() : values;
    const parameters = template.parameters.map((parameter) => (parameter instanceof Slot ? flat[parameter.index] : parameter));
    // Built by hand rather than by `CompiledQuery.raw`, which wraps the SQL in a new node and freezes both on every
    // call; the template's own node describes the same query.
    const query: CompiledQuery<Row> = { sql: template.sql, query: template.query, parameters, queryId: createQueryId() };
    const result = await db.executeQuery(query);
    return result.rows;
  };
}
