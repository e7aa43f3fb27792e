import { type Static, Type } from 'typebox';
import { Timestamp } from '../../../schemas/common.ts';

const Origins = Type.Array(Type.String({ maxLength: 300 }), {
  maxItems: 50,
  description:
    'Origins a page using the key may have: `https://shop.example`, `https://*.shop.example` (any subdomain), `http://localhost:5173`. Empty: any origin.',
  examples: [['https://shop.example', 'https://*.shop.example']],
});

export const PublishableKeyBody = Type.Object({
  id: Type.String({ examples: ['pky_4f9XkQ2mZr8TbW1c'] }),
  key: Type.String({
    description: 'The key a web page sends (`key=` or `X-Locator-Key`); read only, safe to publish',
    examples: ['lpk_3xQ9…'],
  }),
  origins: Origins,
  created_at: Timestamp,
  revoked_at: Type.Union([Timestamp, Type.Null()], {
    description: 'When the key was revoked; a revoked key is refused with 401',
  }),
});
export type PublishableKeyBody = Static<typeof PublishableKeyBody>;

export const PublishableKeyCreateBody = Type.Object(
  { origins: Type.Optional(Origins) },
  { additionalProperties: false },
);
export type PublishableKeyCreateBody = Static<typeof PublishableKeyCreateBody>;

export const PublishableKeyPatchBody = Type.Object(
  { origins: Origins },
  { additionalProperties: false, description: 'Replaces the allowed origins' },
);
export type PublishableKeyPatchBody = Static<typeof PublishableKeyPatchBody>;
