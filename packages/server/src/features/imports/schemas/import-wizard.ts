import { type Static, Type } from 'typebox';
import { Timestamp } from '../../../schemas/common.ts';

// The shapes of what an import wizard asks besides the import itself: the recent imports, an import's diff and
// failed rows, a file's columns with their suggested mapping, and the mapping a project remembers.

const Match = Type.Union([Type.Literal('external_id'), Type.Literal('name_address')], {
  description: 'How rows without a key find their location (see `match` of `POST …/imports`)',
});

/** A column mapping: a header to what it sets, or null to skip it. */
export const ColumnMapV2 = Type.Record(
  Type.String({ maxLength: 255 }),
  Type.Union([Type.String({ maxLength: 255 }), Type.Null()]),
  {
    maxProperties: 1000,
    description:
      'A header, as the file names it, to the name of what the column sets (an input name such as `city`, a weekday such as `mon`, `id`, `field:<name>`, `cta:<title>`), or null to skip the column. Headers it does not name are read by their own name.',
    examples: [{ 'Store Name': 'name', Town: 'city', Fax: null }],
  },
);

export const ImportListQueryV2 = Type.Object(
  {
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'How many, newest first (default 20)' }),
    ),
  },
  { additionalProperties: false },
);
export type ImportListQueryV2 = Static<typeof ImportListQueryV2>;

const ChangeKind = Type.Union([Type.Literal('created'), Type.Literal('updated'), Type.Literal('deleted')]);

export const ImportChangesQueryV2 = Type.Object(
  {
    kind: Type.Optional({ ...ChangeKind, description: 'Only lines of this kind' }),
    after: Type.Optional(
      Type.Integer({
        minimum: 0,
        description: 'The cursor: `next_after` of the page before (default: from the start)',
      }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100, description: 'Lines per page' })),
  },
  { additionalProperties: false },
);
export type ImportChangesQueryV2 = Static<typeof ImportChangesQueryV2>;

export const ImportChangeV2 = Type.Object(
  {
    line: Type.Integer({ description: "The line's position in the diff: a cursor for `after`" }),
    kind: ChangeKind,
    row: Type.Union([Type.Integer(), Type.Null()], {
      description: "The file's row (as the report numbers rows); null for a deletion",
      examples: [2],
    }),
    location_id: Type.Union([Type.String(), Type.Null()], {
      description: "The location's public ID; null for a create of a dry run",
      examples: ['loc_4f9XkQ2mZr8TbW1c'],
    }),
    external_id: Type.Union([Type.String(), Type.Null()]),
    name: Type.Union([Type.String(), Type.Null()], {
      description: "The location's name (an update's: as saved before)",
    }),
    fields: Type.Array(Type.String(), {
      description: 'The input names an update changes (empty for a create or deletion)',
      examples: [['phone', 'hours']],
    }),
  },
  { description: 'A location the import created, updated or deleted (a dry run: would)' },
);

export const ImportChangesPageV2 = Type.Object({
  data: Type.Array(ImportChangeV2),
  next_after: Type.Union([Type.Integer(), Type.Null()], {
    description: 'Pass as `after` for the next page; null on the last',
  }),
});

export const ImportPreviewV2 = Type.Object({
  format: Type.Union([Type.Literal('csv'), Type.Literal('xlsx'), Type.Literal('geojson'), Type.Literal('ndjson')]),
  columns: Type.Array(
    Type.Object({
      header: Type.String({ examples: ['Town'] }),
      suggested: Type.Union([Type.String(), Type.Null()], {
        description:
          "What the column is suggested to set: the project's remembered mapping, else what the header names; null: nothing (skipped)",
        examples: ['city'],
      }),
      remembered: Type.Boolean({ description: "Whether the suggestion is the project's remembered mapping" }),
      samples: Type.Array(Type.String(), { description: "The column's first non-empty values (up to three)" }),
    }),
    { description: "The file's columns in file order" },
  ),
  rows_read: Type.Integer({ description: 'Rows read for the samples (up to five)' }),
  targets: Type.Array(Type.String(), {
    description:
      'Every name a column may be mapped to: the input names, weekdays, and `field:<name>` and `cta:<title>` of what the project configured',
  }),
});

export const ImportMappingV2 = Type.Object({
  columns: ColumnMapV2,
  match: Match,
  updated_at: Type.Union([Timestamp, Type.Null()], { description: 'When it was saved; null when it never was' }),
});

export const ImportMappingBodyV2 = Type.Object({ columns: ColumnMapV2, match: Match }, { additionalProperties: false });
export type ImportMappingBodyV2 = Static<typeof ImportMappingBodyV2>;
