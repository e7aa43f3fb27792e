import type { ComponentChildren } from 'preact';
import type { MessageKey } from '../../i18n/index.ts';
import { t } from '../../i18n/index.ts';

/** A group of the form, named by its heading. */
export function Section({ id, title, children }: { id: string; title: string; children: ComponentChildren }) {
  return (
    <section class="store-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

/** A labelled text input of the store, with the API's messages for its field beside it. */
export function TextInput({
  id,
  label,
  value,
  errors,
  disabled,
  onInput,
  type = 'text',
  hint,
  autocomplete,
  list,
  inputMode,
}: {
  id: string;
  label: string;
  value: string;
  errors: string[] | undefined;
  disabled: boolean;
  onInput: (value: string) => void;
  type?: 'text' | 'email' | 'url' | 'tel';
  hint?: string;
  autocomplete?: string;
  list?: string;
  inputMode?: 'decimal';
}) {
  const messages = errors ?? [];
  const described = [hint ? `${id}-hint` : '', messages.length ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div class="field">
      <label for={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} class="hint">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        type={type as 'text'}
        value={value}
        disabled={disabled}
        list={list}
        inputMode={inputMode}
        autoComplete={autocomplete ?? 'off'}
        aria-invalid={messages.length ? 'true' : undefined}
        aria-describedby={described || undefined}
        onInput={(event) => onInput(event.currentTarget.value)}
      />
      {messages.length ? (
        <p id={`${id}-error`} class="field-error">
          {messages.join(' ')}
        </p>
      ) : null}
    </div>
  );
}

/** The label of each field of the body, for the form and for the two versions of a conflict. */
export const FIELD_LABELS: Record<string, MessageKey> = {
  name: 'storeName',
  external_id: 'storeExternalId',
  visible: 'storeVisible',
  cover: 'storeCover',
  address_line_1: 'storeAddressLine1',
  address_line_2: 'storeAddressLine2',
  city: 'storeCity',
  state: 'storeState',
  postcode: 'storePostcode',
  country: 'storeCountry',
  address: 'storeAddress',
  display_address: 'storeDisplayAddress',
  phone: 'storePhone',
  email: 'storeEmail',
  url: 'storeUrl',
  facebook: 'storeFacebook',
  instagram: 'storeInstagram',
  twitter: 'storeTwitter',
  yelp: 'storeYelp',
  youtube: 'storeYoutube',
  tiktok: 'storeTiktok',
  location_type: 'storeType',
  marker: 'storeMarker',
  lat: 'storeLat',
  lng: 'storeLng',
  time_zone: 'storeTimeZone',
  filters: 'storeFilters',
  fields: 'storeFields',
  callsToAction: 'storeCallsToAction',
  hours: 'storeHours',
  special_hours: 'storeSpecialHours',
};

export const labelOf = (key: string): string => {
  const message = FIELD_LABELS[key];
  return message ? t(message) : key;
};
