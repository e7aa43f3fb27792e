import { type Static, type TSchema, Type } from 'typebox';

// How the project's store finder presents it to visitors: the hosted finder's title and header, the widget's design
// (the dashboard's widget designer) and the project's default unit and country. Each is null until set; a null design
// key leaves the widget's own default.

const nullable = <T extends TSchema>(schema: T, description: string) =>
  Type.Union([schema, Type.Null()], { description });

const colour = (what: string, example: string) =>
  nullable(
    Type.String({ pattern: '^#[0-9a-fA-F]{6}$', examples: [example] }),
    `${what} as \`#rrggbb\` (saved in lower case), or null for the widget's default`,
  );

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
const textColor = colour("The widget's text (`--locator-text`, default `#1b1f24`)", '#1b1f24');
const backgroundColor = colour("The widget's background (`--locator-background`, default `#ffffff`)", '#ffffff');
const fontFamily = nullable(
  Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9 ,\'"._-]+$', examples: ['Georgia, serif'] }),
  "A CSS font-family list for the widget (`--locator-font`), or null for the host page's font",
);
const cornerRadius = nullable(
  Type.Integer({ minimum: 0, maximum: 32, examples: [8] }),
  "The widget's corner radius in pixels (`--locator-radius`, default 8), or null",
);
const height = nullable(
  Type.Integer({ minimum: 320, maximum: 1600, examples: [640] }),
  "The widget's height in pixels on wide screens (`--locator-height`, default 640), or null",
);
const units = nullable(
  Type.Union([Type.Literal('km'), Type.Literal('mi')]),
  "The widget's `units`: `km` or `mi` for every visitor, or null for `auto` (by the visitor's region)",
);
const language = nullable(
  Type.Union([Type.Literal('en'), Type.Literal('de'), Type.Literal('fr'), Type.Literal('es'), Type.Literal('nl')]),
  "The widget's `lang`, or null for the page's or the visitor's language",
);
const searchRadius = nullable(
  Type.Number({ exclusiveMinimum: 0, maximum: 1000, examples: [50] }),
  "The widget's `radius`, in its units (default 50), or null",
);
const resultLimit = nullable(
  Type.Integer({ minimum: 1, maximum: 100, examples: [20] }),
  "The widget's `limit`: results at most (default 20), or null",
);
const consent = nullable(
  Type.Union([Type.Literal('none'), Type.Literal('click')]),
  "The widget's `consent`: `click` shows no map and loads no tile until the visitor asks; null is `none`",
);
const defaultUnit = nullable(
  Type.Union([Type.Literal('km'), Type.Literal('mi')]),
  "The project's distance unit where the visitor's region does not decide (`auto`), or null for the unit of the country most visible locations are in",
);
const defaultCountry = nullable(
  Type.String({ pattern: '^[A-Za-z]{2}$', examples: ['DE'] }),
  'The country (ISO 3166-1 alpha-2, saved in upper case) typed addresses are biased to, or null for the country most visible locations are in',
);

const properties = {
  display_name: displayName,
  logo_url: logoUrl,
  brand_color: brandColor,
  text_color: textColor,
  background_color: backgroundColor,
  font_family: fontFamily,
  corner_radius: cornerRadius,
  height,
  units,
  language,
  search_radius: searchRadius,
  result_limit: resultLimit,
  consent,
  default_unit: defaultUnit,
  default_country: defaultCountry,
};

const WritableBranding = Type.Object(properties);
export type BrandingBody = Static<typeof WritableBranding>;

/** The answer: what is written. */
export const BrandingAnswer = Type.Object(properties, {
  description: "The store finder's branding and design: the defaults of the hosted finder, its pages and every widget",
});

export const BrandingPatchBody = Type.Partial(WritableBranding, {
  additionalProperties: false,
  description: 'Changes to the branding; omitted keys keep their values, null clears',
});
export type BrandingPatchBody = Static<typeof BrandingPatchBody>;
