import { serializerOf } from '../../http/json-text.ts';
import { LocationV1 } from '../../schemas/location.v1.ts';
import type { DocumentRenderer } from '../../services/location-documents.service.ts';
import { presentLocationV1 } from './location.present.ts';

const serializeLocation = serializerOf(LocationV1);

/** The V1 document: the whole location, which V1 always answers with every attachment. */
export const v1DocumentRenderer: DocumentRenderer = {
  format: 'v1',
  render: (view) => ({ body: serializeLocation(presentLocationV1(view)), hours_at: null, filters_at: null, fields_at: null, calls_to_action_at: null }),
};
