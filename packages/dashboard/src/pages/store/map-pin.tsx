import type { Signal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { mapTiles } from '../../api/map.ts';
import { t } from '../../i18n/index.ts';
import { errorText } from '../../state/status.ts';
import type { PinMap } from './leaflet-map.ts';

const pointOf = (lat: string, lng: string) => {
  const point = { lat: Number(lat), lng: Number(lng) };
  return lat.trim() !== '' && lng.trim() !== '' && Number.isFinite(point.lat) && Number.isFinite(point.lng)
    ? point
    : null;
};

/**
 * The map with the store's pin, dragged to move it; the latitude and longitude fields beside it are the keyboard's
 * way to the same. Leaflet and the tiles load only when this screen shows the map.
 */
export function MapPin({
  lat,
  lng,
  editable,
  name,
  onMove,
  failure,
}: {
  lat: string;
  lng: string;
  editable: boolean;
  name: string;
  onMove: (point: { lat: number; lng: number }) => void;
  failure: Signal<string | undefined>;
}) {
  const element = useRef<HTMLElement>(null);
  const map = useRef<PinMap | undefined>(undefined);
  const moved = useRef(onMove);
  moved.current = onMove;
  useEffect(() => {
    let closed = false;
    void Promise.all([mapTiles(), import('./leaflet-map.ts')])
      .then(([server, leaflet]) => {
        if (closed || !element.current) return;
        map.current = leaflet.openPinMap(element.current, {
          tiles: server,
          point: pointOf(lat, lng),
          draggable: editable,
          pinLabel: t('storePinLabel', { name: name || t('storeNew') }),
          onMove: (point) => moved.current(point),
        });
      })
      .catch((error: unknown) => {
        failure.value = errorText(error);
      });
    return () => {
      closed = true;
      map.current?.remove();
      map.current = undefined;
    };
  }, [editable]);
  useEffect(() => {
    map.current?.place(pointOf(lat, lng));
  }, [lat, lng]);
  return (
    <div class="store-map-frame">
      <section ref={element} class="store-map" aria-label={t('storeMap')} />
      {failure.value ? <p class="field-error">{failure.value}</p> : null}
    </div>
  );
}
