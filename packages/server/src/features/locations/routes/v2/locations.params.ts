import { Type } from 'typebox';

export const LocationParams = Type.Object({
  project_id: Type.String({ description: 'Public project ID', examples: ['prj_8Hq2LmZ0aB3xYc7D'] }),
  location_id: Type.String({
    description: 'Public location ID (a numeric V1 ID is not found)',
    examples: ['loc_4f9XkQ2mZr8TbW1c'],
  }),
});

export const LOCATIONS_TAG = 'V2 locations';
