import { Readable } from 'node:stream';
import { type ExportedLocation, exportObject } from '../domain/export-rows.ts';
import type { CellValue, FileRow } from '../domain/import-row.ts';
import { cellsOfObject } from './ndjson.ts';
import type { RowSource } from './row-source.ts';
import { utf8Of } from './text.ts';
import { UnreadableFileError } from './unreadable-file-error.ts';

interface Feature {
  geometry?: unknown;
  properties?: unknown;
}

/** A feature's coordinates as `lat` and `lng` values: a Point's, or empty for no geometry. */
function coordinatesOf(geometry: unknown): { cells: CellValue[] } | { error: string } {
  if (geometry === null || geometry === undefined) return { cells: [null, null] };
  const point = geometry as { type?: unknown; coordinates?: unknown };
  const coordinates = Array.isArray(point.coordinates) ? point.coordinates : [];
  const [lng, lat] = coordinates as unknown[];
  if (point.type !== 'Point' || typeof lng !== 'number' || typeof lat !== 'number')
    return { error: 'must be a Point [longitude, latitude], or null' };
  return { cells: [lat, lng] };
}

/**
 * The rows of a GeoJSON FeatureCollection (or a single Feature), one per feature, numbered from 1: its properties,
 * and `lat` and `lng` from its Point (a feature without geometry has empty coordinates). The file is parsed whole,
 * which bounds it by the import's size limit.
 */
export function geojsonRows(content: Buffer): RowSource {
  let document: unknown;
  try {
    document = JSON.parse(utf8Of(content).toString('utf8'));
  } catch (error) {
    if (error instanceof UnreadableFileError) throw error;
    throw new UnreadableFileError(
      `The file is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const collection = document as { type?: unknown; features?: unknown };
  const features: unknown[] =
    collection.type === 'FeatureCollection' && Array.isArray(collection.features)
      ? collection.features
      : collection.type === 'Feature'
        ? [document]
        : [];
  if (features.length === 0 && collection.type !== 'FeatureCollection')
    throw new UnreadableFileError('The file is not a GeoJSON FeatureCollection or Feature.');
  let done = 0;
  async function* rows(): AsyncGenerator<FileRow> {
    for (const [index, feature] of features.entries()) {
      done = index + 1;
      const row = index + 1;
      const { geometry, properties } = (feature ?? {}) as Feature;
      const read = cellsOfObject(properties ?? {});
      const coordinates = coordinatesOf(geometry);
      if ('error' in read) yield { row, columns: [], cells: [], error: `properties ${read.error}` };
      else if ('error' in coordinates) yield { row, columns: [], cells: [], error: `geometry ${coordinates.error}` };
      else yield { row, columns: ['lat', 'lng', ...read.columns], cells: [...coordinates.cells, ...read.cells] };
    }
  }
  return { rows: rows(), fractionRead: () => (features.length === 0 ? 1 : done / features.length) };
}

/**
 * Locations as a GeoJSON FeatureCollection: a Point feature each (no geometry without coordinates), the rest as
 * properties.
 */
export function writeGeojson(locations: AsyncIterable<ExportedLocation>): Readable {
  async function* parts(): AsyncGenerator<string> {
    yield '{"type":"FeatureCollection","features":[';
    let first = true;
    for await (const location of locations) {
      const geometry =
        location.lat !== null && location.lng !== null
          ? { type: 'Point', coordinates: [location.lng, location.lat] }
          : null;
      const feature = {
        type: 'Feature',
        id: location.id,
        geometry,
        properties: exportObject(location, { withCoordinates: false }),
      };
      yield `${first ? '' : ','}\n${JSON.stringify(feature)}`;
      first = false;
    }
    yield '\n]}\n';
  }
  return Readable.from(parts(), { objectMode: false });
}
