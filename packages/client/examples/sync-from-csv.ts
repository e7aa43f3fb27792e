// Brings a project's locations in line with a CSV file: rows whose name and city match no location are created,
// rows that match one are patched where they differ. Run it again after a failure: nothing is created twice.
//
//   LOCATOR_URL=http://localhost:8080 LOCATOR_TOKEN=lct2_... npx tsx sync-from-csv.ts <project_id> stores.csv
//
// The header row names V2 location fields: name and city are required; address, display_address, address_line_1,
// address_line_2, state, postcode, country, phone, email, url, location_type, marker, lat, lng and visible are
// optional. An empty cell leaves the field alone.
import { readFile } from 'node:fs/promises';
import { type Location, type LocationCreate, type LocationPatch, LocatorApiError, V2Client } from '@locator/client';
import { parse } from 'csv-parse/sync';

const TEXT_COLUMNS = [
  'name',
  'city',
  'address',
  'display_address',
  'address_line_1',
  'address_line_2',
  'state',
  'postcode',
  'country',
  'phone',
  'email',
  'url',
  'location_type',
  'marker',
] as const;
const NUMBER_COLUMNS = ['lat', 'lng'] as const;
const KNOWN_COLUMNS = new Set<string>([...TEXT_COLUMNS, ...NUMBER_COLUMNS, 'visible']);

type Row = Record<string, string>;
type Fields = Omit<LocationCreate, 'name' | 'city'> & { name?: string; city?: string };

/** The fields a row sets; an empty cell sets nothing. */
function fieldsOf(row: Row): Fields {
  const fields: Fields = {};
  for (const column of TEXT_COLUMNS) if (row[column]) fields[column] = row[column];
  for (const column of NUMBER_COLUMNS) {
    const value = row[column];
    if (value) {
      const number = Number(value);
      if (Number.isNaN(number)) throw new Error(`${column} "${value}" is not a number`);
      fields[column] = number;
    }
  }
  if (row.visible) fields.visible = ['true', '1', 'yes'].includes(row.visible.toLowerCase());
  return fields;
}

/** Name and city identify a location in this sync; case and surrounding spaces do not matter. */
const matchKey = (name: string, city: string | null | undefined) =>
  `${name.trim().toLowerCase()}\n${(city ?? '').trim().toLowerCase()}`;

/** What the location does not already hold; an empty object when the row changes nothing. */
function changesFor(location: Location, fields: Fields): LocationPatch {
  const current: Record<string, unknown> = { ...location, marker: location.marker?.name ?? null };
  return Object.fromEntries(Object.entries(fields).filter(([field, value]) => current[field] !== value));
}

async function main(): Promise<void> {
  const [projectId, csvPath] = process.argv.slice(2);
  const baseUrl = process.env.LOCATOR_URL;
  const token = process.env.LOCATOR_TOKEN;
  if (!projectId || !csvPath || !baseUrl || !token) {
    console.error('Usage: LOCATOR_URL=... LOCATOR_TOKEN=lct2_... sync-from-csv.ts <project_id> <file.csv>');
    process.exit(2);
  }
  const rows = parse(await readFile(csvPath, 'utf8'), { columns: true, skip_empty_lines: true, trim: true }) as Row[];
  const unknown = Object.keys(rows[0] ?? {}).filter((column) => !KNOWN_COLUMNS.has(column));
  if (unknown.length > 0) throw new Error(`Unknown columns: ${unknown.join(', ')}`);

  const locator = new V2Client({
    baseUrl,
    token,
    onRetry: ({ method, url, reason, delayMs }) =>
      console.warn(`retrying ${method} ${url} in ${delayMs} ms (${reason})`),
  });

  // Every location, 100 per request; the client keeps `limit` on each page.
  const existing = new Map<string, Location>();
  for await (const location of locator.locations(projectId, { limit: 100 }))
    existing.set(matchKey(location.name, location.city), location);

  const counts = { created: 0, updated: 0, unchanged: 0, failed: 0 };
  for (const [index, row] of rows.entries()) {
    const line = index + 2; // the header is line 1
    try {
      const fields = fieldsOf(row);
      const { name, city } = fields;
      if (!name || !city) throw new Error('name and city are required');
      const found = existing.get(matchKey(name, city));
      if (!found) {
        // The client sends an Idempotency-Key with every create and reuses it on retries, so a create whose answer
        // was lost is never made twice.
        const created = await locator.createLocation(projectId, { ...fields, name, city });
        existing.set(matchKey(name, city), created);
        counts.created += 1;
        console.log(`line ${line}: created ${created.id} ${created.name}`);
        continue;
      }
      const changes = changesFor(found, fields);
      if (Object.keys(changes).length === 0) {
        counts.unchanged += 1;
        continue;
      }
      const updated = await locator.updateLocation(projectId, found.id, changes);
      existing.set(matchKey(name, city), updated);
      counts.updated += 1;
      console.log(`line ${line}: updated ${updated.id} (${Object.keys(changes).join(', ')})`);
    } catch (error) {
      counts.failed += 1;
      if (!(error instanceof LocatorApiError))
        console.error(`line ${line}: ${error instanceof Error ? error.message : String(error)}`);
      else {
        const fieldErrors = Object.entries(error.fieldErrors).map(
          ([field, messages]) => `${field} ${messages.join(', ')}`,
        );
        console.error(
          `line ${line}: ${error.status} ${error.message}${fieldErrors.length ? ` [${fieldErrors.join('; ')}]` : ''}`,
        );
      }
    }
  }
  console.log(
    `created ${counts.created}, updated ${counts.updated}, unchanged ${counts.unchanged}, failed ${counts.failed}`,
  );
  if (counts.failed > 0) process.exitCode = 1;
}

await main();
