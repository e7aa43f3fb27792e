import { type Static, Type } from 'typebox';
import { ActorBody } from '../../../schemas/actors.ts';
import { Timestamp } from '../../../schemas/common.ts';
import { ImportSummaryV2 } from '../../imports/index.ts';
import { LocationV2 } from '../../locations/index.ts';

const FieldChange = Type.Object({ old: Type.Unknown(), new: Type.Unknown() });

export const EventBody = Type.Object({
  id: Type.String({
    description: 'The event ID: the cursor to pass as `after`, and the `webhook-id` of its deliveries',
    examples: ['evt_3xQ9aB2cD4eF6gH8'],
  }),
  type: Type.String({
    description:
      "`location.created`, `location.updated`, `location.deleted`, `geocoding.failed`, `import.completed`, or a configuration change: `location_type.*`, `marker.*`, `filter.*`, `field.*`, `call_to_action.*` (`created`, `updated`, `deleted`), `branding.updated` (the store finder's branding, its body as `/branding` shows it)",
    examples: ['location.updated'],
  }),
  occurred_at: Timestamp,
  actor: ActorBody,
  location_id: Type.Union([Type.String(), Type.Null()], {
    description: 'The location changed; null for other events',
    examples: ['loc_4f9XkQ2mZr8TbW1c'],
  }),
  changes: Type.Union([Type.Record(Type.String(), FieldChange), Type.Null()], {
    description:
      'For updates: each changed key of the body with its `old` and `new` value (`updated_at` is not listed); null for other events',
    examples: [{ phone: { old: null, new: '+1 512 555 0199' } }],
  }),
  data: Type.Object(
    {
      location: Type.Optional(
        Type.Partial(LocationV2, {
          additionalProperties: true,
          description:
            "Location events: the location's V2 body with every include, as the change left it; for `location.deleted`, its last state",
        }),
      ),
      setting: Type.Optional(
        Type.Record(Type.String(), Type.Unknown(), {
          description: 'Configuration events: the item as its endpoint shows it (its last state when deleted)',
        }),
      ),
      import: Type.Optional(ImportSummaryV2),
    },
    {
      additionalProperties: true,
      description: 'What the event carries: the same `data` as its webhook deliveries, without `changed` and `actor`',
    },
  ),
});

export type EventBody = Static<typeof EventBody>;

export const EventListQuery = Type.Object(
  {
    after: Type.Optional(
      Type.String({
        maxLength: 64,
        description: 'An event ID: only the events after it. Omitted: from the oldest event kept.',
        examples: ['evt_3xQ9aB2cD4eF6gH8'],
      }),
    ),
    before: Type.Optional(
      Type.String({
        maxLength: 64,
        description:
          'An event ID, or `latest`: the events before it (from the newest), newest first, to read the history backwards; `links.next` pages on to older ones. Not with `after`.',
        examples: ['latest'],
      }),
    ),
    location: Type.Optional(
      Type.String({
        maxLength: 64,
        description: "A location's ID: only its events (its history, kept even once it is deleted)",
        examples: ['loc_4f9XkQ2mZr8TbW1c'],
      }),
    ),
    actor: Type.Optional(
      Type.String({
        maxLength: 64,
        description:
          "An actor's `id`: only the changes it made, e.g. a person's (`usr_…`), a token's (`tok_…`), or the geocoding queue's (`geocoding`)",
        examples: ['usr_8Hq2LmZ0aB3xYc7D'],
      }),
    ),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 500, default: 100, description: 'Events per page, 1 to 500 (default 100)' }),
    ),
  },
  { additionalProperties: false },
);

export const EventPage = Type.Object({
  data: Type.Array(EventBody),
  links: Type.Object({
    self: Type.String({ description: 'This page' }),
    next: Type.String({
      description:
        'The page after this one: `after` the last event listed (or the same `after` when none was); poll it to follow the feed. Read backwards: `before` the last (oldest) event listed.',
    }),
  }),
  meta: Type.Object({
    after: Type.Union([Type.String(), Type.Null()], { description: 'The cursor this page starts after' }),
    next_after: Type.Union([Type.String(), Type.Null()], {
      description:
        'The cursor to continue from: the last event listed, or `after` when none was; null when reading backwards',
    }),
    before: Type.Union([Type.String(), Type.Null()], {
      description: 'Read backwards: the cursor this page starts before; null otherwise',
    }),
    next_before: Type.Union([Type.String(), Type.Null()], {
      description:
        'Read backwards: the cursor of the next (older) page, the last event listed (or `before` when none was); null otherwise',
    }),
    limit: Type.Integer(),
    has_more: Type.Boolean({
      description:
        'Whether more events follow already: fetch `links.next` at once; otherwise wait before polling it. Read backwards: whether older events are kept.',
    }),
  }),
});
