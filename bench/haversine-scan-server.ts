// The common way to find the nearest stores, which the store finder is compared with: every request runs one SQL
// haversine over all of the project's visible locations, keeps those within the radius that have the filter, orders
// them by distance and takes the first 20 (as WP Store Locator's query does). It answers like the ceilings (the
// server's status and a pre-serialised body of the same size), so the comparison is of the search, not of rendering.
// Started by processes.ts with fork(); reads its ScanSpec from argv, answers with its URL over IPC.
import { createServer } from 'node:http';
import { sql } from 'kysely';
import { openDatabase } from '../packages/server/src/db/connection.ts';
import type { CeilingAnswer } from './ceiling-server.ts';
import { paddedJson } from './padded-json.ts';

export interface ScanSpec {
  databaseUrl: string;
  /** The seeded project's public ID. */
  projectId: string;
  answer: CeilingAnswer;
}

async function main(): Promise<void> {
  const spec = JSON.parse(process.argv[2] ?? '{}') as ScanSpec;
  const { db } = openDatabase(spec.databaseUrl);
  const project = await db
    .selectFrom('projects')
    .select('id')
    .where('public_id', '=', spec.projectId)
    .executeTakeFirstOrThrow();
  const body = Buffer.from(paddedJson(spec.answer.bytes));
  const headers = {
    'content-type': spec.answer.contentType ?? 'application/json; charset=utf-8',
    'content-length': String(body.length),
  };

  async function nearest(lat: number, lng: number, radiusKm: number, filter: string, limit: number): Promise<number> {
    const { rows } = await sql<{ id: number; distance: number }>`
      select * from (
        select "locations".*, 12742.0176 * asin(sqrt(
          power(sin(radians("locations"."lat" - ${lat}) / 2), 2)
          + cos(radians(${lat})) * cos(radians("locations"."lat")) * power(sin(radians("locations"."lng" - ${lng}) / 2), 2)
        )) as "distance"
        from "locations"
        where "locations"."project_id" = ${project.id} and "locations"."visible" = 1 and "locations"."lat" is not null and "locations"."lng" is not null
          and exists (select 1 from "location_filters" inner join "filters" on "filters"."id" = "location_filters"."filter_id"
            where "location_filters"."location_id" = "locations"."id" and lower("filters"."name") = ${filter.toLowerCase()})
      ) as "measured"
      where "distance" <= ${radiusKm}
      order by "distance", "public_id"
      limit ${limit}`.execute(db);
    return rows.length;
  }

  const server = createServer((request, response) => {
    const query = new URL(request.url ?? '/', 'http://bench').searchParams;
    nearest(
      Number(query.get('lat')),
      Number(query.get('lng')),
      Number(query.get('radius') ?? 50),
      query.get('filters') ?? '',
      Number(query.get('limit') ?? 20),
    )
      .then(() => {
        response.writeHead(spec.answer.status, headers);
        response.end(body);
      })
      .catch((error: unknown) => {
        response.writeHead(500).end(String(error));
      });
  });
  server.requestTimeout = 0;
  server.keepAliveTimeout = 72_000;
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.send?.({ url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
  });
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
}

void main();
