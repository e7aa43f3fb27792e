import type { Signal } from '@preact/signals';
import type { StoreCatalog } from '../../api/stores.ts';
import { t } from '../../i18n/index.ts';
import type { Draft, TextKey } from './draft.ts';
import { HoursEditor } from './hours-editor.tsx';
import { MapPin } from './map-pin.tsx';
import { labelOf, Section, TextInput } from './parts.tsx';
import { SpecialHours } from './special-hours.tsx';

const SOCIALS = ['facebook', 'instagram', 'twitter', 'yelp', 'youtube', 'tiktok'] as const;
const ADDRESS = ['address_line_1', 'address_line_2', 'city', 'state', 'postcode', 'country'] as const;

/** The time zones this browser knows, offered as the time zone field's suggestions. */
const TIME_ZONES: readonly string[] = (() => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
})();

/** Rounds a dragged pin to about 10 cm, as people read and type coordinates. */
const coordinate = (value: number) => String(Math.round(value * 1e6) / 1e6);

/** Every group of a store's form; `change` takes the whole new draft. */
export function StoreForm({
  draft,
  change,
  errors,
  catalog,
  editable,
  finding,
  onFind,
  mapFailure,
}: {
  draft: Draft;
  change: (draft: Draft) => void;
  errors: Record<string, string[]>;
  catalog: StoreCatalog;
  editable: boolean;
  finding: boolean;
  onFind: () => void;
  mapFailure: Signal<string | undefined>;
}) {
  const disabled = !editable;
  const setText = (key: TextKey, value: string) => change({ ...draft, text: { ...draft.text, [key]: value } });
  const text = (
    key: TextKey,
    options: { type?: 'text' | 'email' | 'url' | 'tel'; hint?: string; autocomplete?: string } = {},
  ) => (
    <TextInput
      id={`store-${key}`}
      label={labelOf(key)}
      value={draft.text[key]}
      errors={errors[key] ?? (key === 'postcode' ? (errors.zip ?? errors.postal_code) : undefined)}
      disabled={disabled}
      onInput={(value) => setText(key, value)}
      {...options}
    />
  );
  return (
    <>
      <Section id="identity" title={t('storeIdentity')}>
        {text('name')}
        {text('external_id', { hint: t('storeExternalIdHint') })}
        <label class="check">
          <input
            type="checkbox"
            checked={draft.visible}
            disabled={disabled}
            onChange={(event) => change({ ...draft, visible: event.currentTarget.checked })}
          />
          {t('storeVisible')}
        </label>
        {text('cover', { type: 'text', hint: t('storeCoverHint') })}
      </Section>

      <Section id="address" title={t('storeAddressGroup')}>
        {ADDRESS.map((key) => text(key))}
        {text('address', { hint: t('storeAddressHint') })}
        {text('display_address', { hint: t('storeDisplayAddressHint') })}
      </Section>

      <Section id="position" title={t('storePosition')}>
        <p class="hint">{t('storePositionHint')}</p>
        <MapPin
          lat={draft.text.lat}
          lng={draft.text.lng}
          editable={editable}
          name={draft.text.name}
          failure={mapFailure}
          onMove={(point) =>
            change({ ...draft, text: { ...draft.text, lat: coordinate(point.lat), lng: coordinate(point.lng) } })
          }
        />
        <div class="pair">
          <TextInput
            id="store-lat"
            label={labelOf('lat')}
            value={draft.text.lat}
            errors={errors.lat}
            disabled={disabled}
            inputMode="decimal"
            onInput={(value) => setText('lat', value)}
          />
          <TextInput
            id="store-lng"
            label={labelOf('lng')}
            value={draft.text.lng}
            errors={errors.lng}
            disabled={disabled}
            inputMode="decimal"
            onInput={(value) => setText('lng', value)}
          />
        </div>
        {editable ? (
          <button type="button" onClick={onFind} disabled={finding}>
            {t('storeFind')}
          </button>
        ) : null}
      </Section>

      <Section id="contact" title={t('storeContact')}>
        {text('phone', { type: 'tel' })}
        {text('email', { type: 'email' })}
        {text('url', { type: 'url', hint: t('storeUrlHint') })}
      </Section>

      <Section id="socials" title={t('storeSocials')}>
        {SOCIALS.map((key) => text(key, { hint: key === 'facebook' ? t('storeSocialHint') : undefined }))}
      </Section>

      <Section id="kind" title={t('storeTypeAndMarker')}>
        <div class="field">
          <label for="store-location_type">{labelOf('location_type')}</label>
          <select
            id="store-location_type"
            value={draft.text.location_type}
            disabled={disabled}
            aria-describedby={errors.location_type ? 'store-location_type-error' : undefined}
            onChange={(event) => setText('location_type', event.currentTarget.value)}
          >
            <option value="">{t('storeTypeDefault')}</option>
            {catalog.types.map((type) => (
              <option key={type.id} value={type.name}>
                {type.name}
              </option>
            ))}
          </select>
          {errors.location_type ? (
            <p id="store-location_type-error" class="field-error">
              {errors.location_type.join(' ')}
            </p>
          ) : null}
        </div>
        <div class="field">
          <label for="store-marker">{labelOf('marker')}</label>
          <select
            id="store-marker"
            value={draft.text.marker}
            disabled={disabled}
            aria-describedby={errors.marker ? 'store-marker-error' : undefined}
            onChange={(event) => setText('marker', event.currentTarget.value)}
          >
            <option value="">{t('storeMarkerNone')}</option>
            {catalog.markers.map((marker) => (
              <option key={marker.id} value={marker.id}>
                {marker.name}
              </option>
            ))}
          </select>
          {errors.marker ? (
            <p id="store-marker-error" class="field-error">
              {errors.marker.join(' ')}
            </p>
          ) : null}
        </div>
      </Section>

      <Section id="filters" title={t('storeFilters')}>
        {catalog.filters.length === 0 ? <p class="meta">{t('storeNoneConfigured')}</p> : null}
        {catalog.filters.map((filter) => (
          <label class="check" key={filter.id}>
            <input
              type="checkbox"
              checked={draft.filters.includes(filter.name)}
              disabled={disabled}
              onChange={(event) =>
                change({
                  ...draft,
                  filters: event.currentTarget.checked
                    ? [...draft.filters, filter.name]
                    : draft.filters.filter((name) => name !== filter.name),
                })
              }
            />
            {filter.name}
          </label>
        ))}
        {errors.filters ? <p class="field-error">{errors.filters.join(' ')}</p> : null}
      </Section>

      <Section id="fields" title={t('storeFields')}>
        {catalog.fields.length === 0 ? <p class="meta">{t('storeNoneConfigured')}</p> : null}
        {catalog.fields.map((field) => (
          <TextInput
            key={field.id}
            id={`store-field-${field.id}`}
            label={field.name}
            value={draft.fields[field.name] ?? ''}
            errors={errors[`fields.${field.name}`]}
            disabled={disabled}
            onInput={(value) => change({ ...draft, fields: { ...draft.fields, [field.name]: value } })}
          />
        ))}
      </Section>

      <Section id="ctas" title={t('storeCallsToAction')}>
        {catalog.callsToAction.length === 0 ? <p class="meta">{t('storeNoneConfigured')}</p> : null}
        {catalog.callsToAction.map((cta) => (
          <TextInput
            key={cta.id}
            id={`store-cta-${cta.id}`}
            label={cta.title}
            value={draft.callsToAction[cta.title] ?? ''}
            errors={errors[`callsToAction.${cta.title}`]}
            disabled={disabled}
            hint={t('storeCallToActionHint')}
            onInput={(value) => change({ ...draft, callsToAction: { ...draft.callsToAction, [cta.title]: value } })}
          />
        ))}
      </Section>

      <Section id="hours" title={t('storeHours')}>
        <HoursEditor
          week={draft.hours}
          disabled={disabled}
          errors={errors}
          onChange={(hours) => change({ ...draft, hours })}
        />
        <TextInput
          id="store-time_zone"
          label={labelOf('time_zone')}
          value={draft.text.time_zone}
          errors={errors.time_zone}
          disabled={disabled}
          list="store-time-zones"
          hint={t('storeTimeZoneHint')}
          onInput={(value) => setText('time_zone', value)}
        />
        <datalist id="store-time-zones">
          {TIME_ZONES.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
      </Section>

      <Section id="special" title={t('storeSpecialHours')}>
        <SpecialHours
          entries={draft.special}
          disabled={disabled}
          errors={errors}
          onChange={(special) => change({ ...draft, special })}
        />
      </Section>
    </>
  );
}
