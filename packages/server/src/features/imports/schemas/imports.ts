import { type Static, Type } from 'typebox';
import { FILE_FORMATS } from '../../../domain/file-formats.ts';
import { ActorBody } from '../../../schemas/actors.ts';
import { Timestamp } from '../../../schemas/common.ts';

const FormatV2 = Type.Union([
  Type.Literal('csv'),
  Type.Literal('xlsx'),
  Type.Literal('geojson'),
  Type.Literal('ndjson'),
]);

const Flag = (description: string) =>
  Type.Optional(
    Type.Union([Type.Literal('1'), Type.Literal('true'), Type.Literal('0'), Type.Literal('false')], { description }),
  );

export const ImportQueryV2 = Type.Object(
  {
    dry_run: Flag('`1`/`true`: report exactly what the import would do, and change nothing'),
    delete_missing: Flag(
      "`1`/`true`: also delete the project's locations that have an external_id the file does not name (locations without one are never deleted; the file must have an external_id column). Needs the location:delete scope.",
    ),
    atomic: Flag(
      "`1`/`true`: all or nothing; one failed row saves no row. The import then holds the project's writes until it ends.",
    ),
    match: Type.Optional(
      Type.Union([Type.Literal('external_id'), Type.Literal('name_address')], {
        description:
          'How a row no key names (no `external_id` a location holds, no `id`) finds its location. `external_id` (the default): it does not, and creates one; a saved location with its name and address is reported in `possible_duplicates`. `name_address`: the saved location with its name (ignoring case) and address (street and city, or the full `address`, ignoring case, accents and punctuation) is updated, unless it holds another external_id; a row matching several fails.',
      }),
    ),
    columns: Type.Optional(
      Type.String({
        maxLength: 65536,
        description:
          'A column mapping as JSON: each header, as the file names it, to the name of what the column sets (an input name such as `city`, a weekday such as `mon`, `id`, `field:<name>`, `cta:<title>`), or null to skip the column; other headers are read by their own name. E.g. `{"Store Name": "name", "Town": "city", "Fax": null}`. `POST …/imports/preview` suggests one; `PUT …/import-mapping` remembers one.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ImportQueryV2 = Static<typeof ImportQueryV2>;

const Count = (description: string) => Type.Integer({ minimum: 0, description });

export const ImportReportV2 = Type.Object(
  {
    created: Count('Locations created'),
    updated: Count('Locations changed'),
    unchanged: Count('Rows equal to the saved location: not written, `updated_at` kept'),
    deleted: Count('Locations deleted by delete_missing'),
    failed: Count('Rows that failed (each alone, unless atomic)'),
    geocoding_queued: Count('Rows left without coordinates, queued for geocoding'),
    errors: Type.Array(
      Type.Object({
        row: Type.Integer({
          description:
            "The row's number: a spreadsheet's row (the header is 1), an NDJSON line, a GeoJSON feature (from 1)",
          examples: [12],
        }),
        external_id: Type.Union([Type.String(), Type.Null()]),
        errors: Type.Record(Type.String(), Type.Array(Type.String()), {
          description: 'Field errors, as a 422 of a V2 write names them',
          examples: [{ lat: ['must be <= 90'] }],
        }),
      }),
      { description: 'Every failed row, in file order' },
    ),
    possible_duplicates: Type.Array(
      Type.Object({
        row: Type.Integer({ examples: [7] }),
        external_id: Type.Union([Type.String(), Type.Null()]),
        location_ids: Type.Array(Type.String(), {
          description: 'The saved locations with its name and address',
          examples: [['loc_4f9XkQ2mZr8TbW1c']],
        }),
      }),
      {
        description:
          'Rows that created a location (a dry run: would) although a saved location has their name and address: the file may have been imported before without external IDs. Import it with `match=name_address` to update those instead.',
      },
    ),
    unknown_columns: Type.Array(Type.String(), {
      description: 'Columns of the file the import does not read, as the file names them (not an error)',
    }),
  },
  { description: 'What the import did (a dry run: would do)' },
);

export const ImportV2 = Type.Object({
  id: Type.String({ description: 'Public import ID', examples: ['imp_4f9XkQ2mZr8TbW1c'] }),
  status: Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')], {
    description:
      '`queued`, `running`, then `done` or `failed` (with `error`). An import whose process ends (a crash, a restart) is resumed by another; a third interruption fails it.',
  }),
  format: FormatV2,
  file_name: Type.Union([Type.String(), Type.Null()]),
  dry_run: Type.Boolean(),
  delete_missing: Type.Boolean(),
  atomic: Type.Boolean(),
  match: Type.Union([Type.Literal('external_id'), Type.Literal('name_address')]),
  progress: Type.Object(
    {
      rows_read: Type.Integer({ description: 'Rows read from the file so far' }),
      rows_done: Type.Integer({ description: 'Rows finished (saved, or decided in a dry run)' }),
      percent: Type.Integer({ minimum: 0, maximum: 100, description: 'How far through the file' }),
    },
    { description: 'Updated about every ten seconds while running' },
  ),
  error: Type.Union([Type.String(), Type.Null()], { description: 'Why a failed import failed' }),
  report: Type.Union([ImportReportV2, Type.Null()], {
    description: 'Once the import has ended (null while queued or running, and when the file could not be read)',
  }),
  created_by: Type.Union([ActorBody, Type.Null()], {
    description:
      'Who started the import: a V2 token (`token`, its `tok_…` ID) or the CLI (`cli`, `import`). The changes the import makes name the import itself as their actor.',
  }),
  created_at: Timestamp,
  started_at: Type.Union([Timestamp, Type.Null()]),
  finished_at: Type.Union([Timestamp, Type.Null()]),
});

export const ImportSummaryV2 = Type.Object(
  {
    ...ImportV2.properties,
    report: Type.Union([Type.Omit(ImportReportV2, ['errors', 'possible_duplicates']), Type.Null()], {
      description: 'The counts and unknown columns of the report; `GET …/imports/{id}` lists the failed rows',
    }),
  },
  {
    description:
      '`import.completed` events: the import as `GET …/imports/{id}` answers it once it ended, but for the failed rows',
  },
);

export const ImportAcceptedV2 = Type.Object({
  id: Type.String({
    description: 'Public import ID; `GET …/imports/{id}` tells its status',
    examples: ['imp_4f9XkQ2mZr8TbW1c'],
  }),
  status: Type.Literal('queued'),
});

export const ImportParams = Type.Object({
  project_id: Type.String({ description: 'Public project ID', examples: ['prj_8Hq2LmZ0aB3xYc7D'] }),
  import_id: Type.String({ description: 'Public import ID', examples: ['imp_4f9XkQ2mZr8TbW1c'] }),
});

export const ExportQueryV2 = Type.Object(
  {
    format: Type.Optional({
      ...FormatV2,
      default: 'csv',
      description: `File format: ${FILE_FORMATS.join(', ')} (default csv)`,
    }),
  },
  { additionalProperties: false },
);
export type ExportQueryV2 = Static<typeof ExportQueryV2>;

export const IMPORTS_TAG = 'V2 imports and exports';
