import { type Static, type TSchema, Type } from 'typebox';

// How the project's store finder presents it to visitors: the hosted finder's title and header, and the widget's
// defaults. Each is null until set.

const nullable = <T extends TSchema>(schema: T, description: string) =>
  Type.Union([schema, Type.Null()], { description });

const displayName = nullable(
  Type.String({ minLength: 1, maxLength: 100, examples: ['Acme Coffee'] }),
  "The name visitors read: the hosted finder's title and header (the project's name when null); surrounding spaces are trimmed",
);
const logoUrl = nullable(
  Type.String({
    format: 'uri',
    pattern: '^https://',
    maxLength: 2048,
    examples: ['https://cdn.example.com/acme/logo.svg'],
  }),
  "An https URL of the logo shown in the hosted finder's header (with the display name as its text alternative), or null",
);
const brandColor = nullable(
  Type.String({ pattern: '^#[0-9a-fA-F]{6}$', examples: ['#7a1f5c'] }),
  "The brand's colour as `#rrggbb` (saved in lower case): the hosted finder's accent, and the widget's unless the page sets `--locator-accent`; or null",
);

export const BrandingBody = Type.Object(
  { display_name: displayName, logo_url: logoUrl, brand_color: brandColor },
  { description: "The store finder's branding" },
);
export type BrandingBody = Static<typeof BrandingBody>;

export const BrandingPatchBody = Type.Object(
  {
    display_name: Type.Optional(displayName),
    logo_url: Type.Optional(logoUrl),
    brand_color: Type.Optional(brandColor),
  },
  { additionalProperties: false, description: 'Changes to the branding; omitted keys keep their values, null clears' },
);
export type BrandingPatchBody = Static<typeof BrandingPatchBody>;
