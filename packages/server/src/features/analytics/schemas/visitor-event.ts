import { type Static, Type } from 'typebox';
import { VISITOR_ACTIONS } from '../../../domain/search-analytics.ts';

export const VisitorEventQuery = Type.Object({
  key: Type.Optional(Type.String({ description: 'The publishable key (or send `X-Locator-Key`)' })),
});

export const VisitorEvent = Type.Object(
  {
    type: Type.Union(
      VISITOR_ACTIONS.map((action) => Type.Literal(action)),
      { description: 'What the visitor did with the location' },
    ),
    location_id: Type.String({ description: 'The location’s public ID', examples: ['loc_4f9XkQ2mZr8TbW1c'] }),
  },
  { additionalProperties: false },
);
export type VisitorEvent = Static<typeof VisitorEvent>;
