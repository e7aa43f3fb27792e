/** Address components, in the order a generated address lists them. */
export const ADDRESS_COMPONENTS = ['address_line_1', 'address_line_2', 'city', 'state', 'postcode', 'country'] as const;
export const CONTACT_FIELDS = ['phone', 'email', 'url'] as const;
/** Social profiles; public keys are `twitter` and `yelp`. */
export const SOCIAL_FIELDS = ['facebook', 'instagram', 'twitter', 'yelp', 'youtube', 'tiktok'] as const;

/** Optional text columns a client sets directly; null or "" clears them. */
export const OPTIONAL_TEXT_FIELDS = [...ADDRESS_COMPONENTS, ...CONTACT_FIELDS, ...SOCIAL_FIELDS] as const;
export type OptionalTextField = (typeof OPTIONAL_TEXT_FIELDS)[number];

/** Keys of a V2 GET body that a client may send back; they are read only and ignored on input. */
export const READ_ONLY_FIELDS = [
  'id',
  'slug',
  'created_at',
  'updated_at',
  'cover_image_url',
  'geocoding',
  'status',
  'phone_valid',
] as const;
