import type { App } from '../../../../http/app-type.ts';
import { actorOf, personalProjectRef } from '../../../../http/auth.ts';
import { errorResponses } from '../../../../schemas/common.ts';
import type { Locations } from '../../locations.service.ts';
import { presentLocationV1 } from '../../presenters/location-v1.ts';
import { LocationParamsV1, LocationV1, LocationWriteV1, V1_LOCATIONS_TAG } from '../../schemas/location.v1.ts';
import { checkV1LocationBody, locationInputFromV1, V1_WRITE_POLICY } from './location.input.ts';
import { v1LocationKey } from './locations.params.ts';

export function registerV1LocationsPut(app: App, { locations }: { locations: Locations }): void {
  app.put(
    '/api/locations/:id',
    {
      config: { auth: { api: 'v1' } },
      preValidation: checkV1LocationBody,
      schema: {
        tags: [V1_LOCATIONS_TAG],
        operationId: 'updateLocation',
        summary: 'Update a location',
        description: [
          '`name` is required even when only another field changes. Returns 200 with the location, no `data` wrapper.',
          '- Omitted fields keep their saved values; null or "" clears a contact, social or address-component field.',
          '- `location_type`: omitted, null or a name matching no configured type selects the project default; sending the current type’s name keeps it.',
          '- `address` / `display_address`: null or "" regenerates it from the components (the display address then follows the address). An address generated from components is refreshed when they change; a custom one stays until replaced or cleared.',
          '- Changing the address never moves the location: send new `lat`/`lng` with it. When `lat` or `lng` is missing or 0 after the update, geocoding is queued.',
          '- `filters`, `fields`, `buttons`, `hours`, `marker`, `cover` and `slug` are not writable in V1 and stay as they are.',
          'Invalid input is 422 with field errors, and nothing is saved.',
        ].join('\n'),
        security: [{ legacyToken: [] }],
        params: LocationParamsV1,
        body: LocationWriteV1,
        response: { 200: LocationV1, ...errorResponses(400, 401, 403, 404, 413, 415, 422, 429) },
      },
    },
    async (request) => {
      const saved = await locations.update({
        project: personalProjectRef(request),
        key: v1LocationKey(request.params.id),
        mode: 'replace',
        input: locationInputFromV1(request.body),
        policy: V1_WRITE_POLICY,
        actor: actorOf(request),
      });
      return presentLocationV1(saved.view);
    },
  );
}
