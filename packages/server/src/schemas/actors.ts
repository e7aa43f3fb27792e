import { Type } from 'typebox';

export const ActorBody = Type.Object(
  {
    type: Type.Union(
      [
        Type.Literal('token'),
        Type.Literal('legacy_token'),
        Type.Literal('user'),
        Type.Literal('cli'),
        Type.Literal('import'),
        Type.Literal('system'),
      ],
      {
        description:
          '`token` (a V2 API token), `legacy_token` (the V1 token), `user` (a person signed in to the dashboard), `cli` (a `locator` command), `import`, `system` (the geocoding queue)',
      },
    ),
    id: Type.String({
      description:
        "The token's ID (`tok_…`), the user's ID (`usr_…`), the command (`geocode`), the import's ID, or the worker (`geocoding`)",
      examples: ['tok_4f9XkQ2mZr8TbW1c'],
    }),
  },
  { description: 'Who made the change' },
);
