import type { Command } from 'commander';
import { loadConfig } from '../../config/config.ts';
import type { ProjectRow } from '../../db/tables/projects.table.ts';
import type { LocationInput } from '../../domain/location-input.ts';
import { refOfProject } from '../../domain/project-ref.ts';
import { isoOf, systemClock } from '../../domain/time.ts';
import { createPublishableKeys, type PublishableKeys } from '../../features/finder/index.ts';
import { createLocations } from '../../features/locations/index.ts';
import { accountsOf, withDatabase } from '../database.ts';
import { insertDemoConfiguration } from '../demo-configuration.repository.ts';
import { DEMO_CITIES, DEMO_CONFIG, DEMO_STREETS, MANAGERS, OUTLET_HOURS, WEEKDAY_HOURS } from '../demo-data.ts';

const DEMO_EMAIL = 'demo@locator.example';
const HEALTH_CHECK_TIMEOUT_MS = 1_000;

/** Two stores per demo city, with hours, filters, fields and calls to action, varied but deterministic. */
export function demoLocations(): (LocationInput & { name: string })[] {
  return DEMO_CITIES.flatMap((place, cityIndex) =>
    [0, 1].map((n) => {
      const index = cityIndex * 2 + n;
      const outlet = index % 5 === 4;
      const street = DEMO_STREETS[index % DEMO_STREETS.length] ?? 'Main St';
      const slugCity = place.city.toLowerCase().replace(/[^a-z]+/g, '-');
      return {
        name: `${place.city} ${n === 0 ? 'Downtown' : outlet ? 'Outlet' : 'Uptown'}`,
        address_line_1: `${100 + index * 17} ${street}`,
        city: place.city,
        state: place.state,
        postcode: place.postcode,
        country: 'US',
        // 555-0100 to 555-0199 are reserved for fiction in every North American area code, yet valid in form.
        phone: `+1 ${place.areaCode} 555 01${String(index).padStart(2, '0')}`,
        email: `${slugCity}-${n + 1}@shop.example`,
        url: `https://shop.example/stores/${slugCity}-${n + 1}`,
        lat: Math.round((place.lat + (n === 0 ? 0 : 0.012)) * 1e6) / 1e6,
        lng: Math.round((place.lng + (n === 0 ? 0 : -0.009)) * 1e6) / 1e6,
        visible: index % 13 !== 12,
        location_type: outlet ? 'Outlet' : index % 7 === 6 ? 'Pickup point' : 'Store',
        marker: outlet ? 'Outlet' : n === 0 ? 'Flagship' : 'Store',
        ...(index % 3 === 0 ? { cover: 'storefront' } : {}),
        instagram: `shop.${slugCity}`,
        ...(index % 4 === 0 ? { facebook: `shop${slugCity.replace(/-/g, '')}` } : {}),
        // Every tenth store is "coming soon": no schedule yet.
        ...(index % 10 === 9 ? {} : { hours: outlet ? OUTLET_HOURS : WEEKDAY_HOURS }),
        filters: DEMO_CONFIG.filters.filter((_, f) => (index + f) % 3 !== 0),
        fields: {
          'Store manager': MANAGERS[index % MANAGERS.length] ?? 'Ada Lovelace',
          'Opened in': String(1998 + (index % 25)),
        },
        callsToAction: {
          'Order online': `https://shop.example/order?store=${slugCity}-${n + 1}`,
          ...(index % 2 === 0 ? { 'Book an appointment': `https://shop.example/book/${slugCity}-${n + 1}` } : {}),
        },
      };
    }),
  );
}

/**
 * A publishable key of the demo project that allows every origin, for its hosted finder: one not revoked from an
 * earlier run, else a new one. (Keys have no name; this one is told apart by allowing every origin.)
 */
async function demoKey(keys: PublishableKeys, project: ProjectRow): Promise<string> {
  const owner = { projectPublicId: project.public_id };
  const reusable = (await keys.list(owner)).find((key) => key.revoked_at === null && key.origins.length === 0);
  return reusable?.key ?? (await keys.create({ owner, origins: [] })).key;
}

export function registerDemoCommand(program: Command): void {
  program
    .command('demo')
    .description('Create a demo user with a Business project of 50 locations, and print how to call the API')
    .option('--json', 'print one JSON object')
    .action(async (options: { json?: boolean }) => {
      const result = await withDatabase(async (database) => {
        const { db } = database;
        const accounts = accountsOf(database);
        const keys = createPublishableKeys({ db, clock: systemClock });
        const existing = await accounts.findUser(DEMO_EMAIL);
        if (existing) {
          // The demo exists: tokens are shown only once, so issue fresh ones rather than failing.
          const token = await accounts.createToken({ email: DEMO_EMAIL, name: 'demo' });
          const legacy = await accounts.rotateLegacyToken(DEMO_EMAIL);
          const project = await accounts.personalProjectOf(existing.id);
          return {
            project,
            token: token.token,
            legacyToken: legacy.token,
            created: 0,
            key: await demoKey(keys, project),
          };
        }
        const created = await accounts.createUser({ email: DEMO_EMAIL, name: 'Demo Shop', plan: 'business' });
        await db.transaction().execute((trx) => insertDemoConfiguration(trx, created.project.id, isoOf(systemClock())));
        const locations = createLocations({ db, clock: systemClock });
        let count = 0;
        for (const input of demoLocations()) {
          await locations.create({
            project: refOfProject(created.project),
            input,
            policy: { legacyLocationType: false },
            actor: { type: 'cli', id: 'demo' },
          });
          count += 1;
        }
        return {
          project: created.project,
          token: created.token.token,
          legacyToken: created.legacyToken.token,
          created: count,
          key: await demoKey(keys, created.project),
        };
      });
      const config = loadConfig();
      const baseUrl = config.publicUrl ?? `http://localhost:${config.port}`;
      const output = {
        project: { id: result.project.public_id, name: result.project.name },
        token: result.token,
        legacy_token: result.legacyToken,
        base_url: baseUrl,
        publishable_key: result.key,
        finder_url: `${baseUrl}/finder/${result.key}`,
      };
      if (options.json) {
        process.stdout.write(`${JSON.stringify(output)}\n`);
        return;
      }
      const serving = await answersAt(baseUrl);
      process.stdout.write(
        [
          result.created > 0
            ? `Created the demo user ${DEMO_EMAIL} with project "${output.project.name}" and ${result.created} locations.`
            : `The demo user ${DEMO_EMAIL} exists already; here are fresh tokens (the old legacy token no longer works).`,
          '',
          `  export TOKEN=${output.token}`,
          `  export LEGACY_TOKEN=${output.legacy_token}`,
          `  export PROJECT=${output.project.id}`,
          '',
          serving
            ? `The server answers at ${baseUrl}; try:`
            : `Start the server (${startCommand(config.port)}) and try:`,
          `  curl -H "Authorization: Bearer $TOKEN" ${baseUrl}/api/v2/projects`,
          `  curl -H "Authorization: Bearer $TOKEN" "${baseUrl}/api/v2/projects/$PROJECT/locations?limit=5&city=Austin&includeHours=1"`,
          `  curl -H "Authorization: Bearer $LEGACY_TOKEN" "${baseUrl}/api/locations?limit=5"`,
          `API reference: ${baseUrl}/docs`,
          `Store finder: ${output.finder_url}`,
          '',
        ].join('\n'),
      );
    });
}

/** How to start the server on the port the demo's addresses name. */
function startCommand(port: number): string {
  // The port of an empty environment: the default.
  return port === loadConfig({}).port ? 'npm start' : `PORT=${port} npm start`;
}

/** Whether a Locator answers its health check at the address the demo's examples call, so it need not be started. */
async function answersAt(baseUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(HEALTH_CHECK_TIMEOUT_MS) });
    return response.ok && ((await response.json()) as { status?: unknown }).status === 'ok';
  } catch {
    return false;
  }
}
