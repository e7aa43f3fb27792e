import { type Static, Type } from 'typebox';
import type { ApiTokenRow } from '../../../db/tables/api-tokens.table.ts';
import { SCOPES, type Scope } from '../../../domain/tokens.ts';
import { Timestamp } from '../../../schemas/common.ts';

const ScopeBody = Type.Unsafe<Scope>({
  type: 'string',
  enum: [...SCOPES],
  description: "What the token may do; in a project, never more than its user's role there allows",
});

export const TokenBody = Type.Object({
  id: Type.String({ examples: ['tok_4f9XkQ2mZr8TbW1c'] }),
  name: Type.String({ examples: ['ci'] }),
  scopes: Type.Array(ScopeBody),
  token_hint: Type.String({
    description: 'The first characters of the token, to recognise it',
    examples: ['lct2_Ab1x'],
  }),
  created_at: Timestamp,
  expires_at: Type.Union([Timestamp, Type.Null()], { description: 'null: never expires' }),
  last_used_at: Type.Union([Timestamp, Type.Null()], { description: 'To the minute; null: never used' }),
});
export type TokenBody = Static<typeof TokenBody>;

export const CreatedTokenBody = Type.Object({
  ...TokenBody.properties,
  token: Type.String({
    description: 'The token itself, shown this once (only its hash is kept)',
    examples: ['lct2_…'],
  }),
});

export const TokenInput = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100, examples: ['ci'] }),
  scopes: Type.Array(ScopeBody, { minItems: 1, maxItems: SCOPES.length, uniqueItems: true }),
  expires_in_days: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650, description: 'Unset: never expires' })),
});

export const TokenParams = Type.Object({ token_id: Type.String({ examples: ['tok_4f9XkQ2mZr8TbW1c'] }) });

export function presentToken(row: ApiTokenRow): TokenBody {
  return {
    id: row.public_id,
    name: row.name,
    scopes: JSON.parse(row.scopes) as Scope[],
    token_hint: row.token_hint,
    created_at: row.created_at,
    expires_at: row.expires_at,
    last_used_at: row.last_used_at,
  };
}
