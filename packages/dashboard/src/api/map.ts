import type { MapTiles } from '@locator/client';
import { api } from './client.ts';

export type { MapTiles };

let asked: Promise<MapTiles> | undefined;

/**
 * `GET /api/v2/map`: the server's map tiles (`MAP_TILE_URL`), as the hosted pages draw them; asked once per page
 * load (again after a failure), for the store's map and the widget designer's preview alike.
 */
export function mapTiles(): Promise<MapTiles> {
  asked ??= api.getMap().catch((error: unknown) => {
    asked = undefined;
    throw error;
  });
  return asked;
}
