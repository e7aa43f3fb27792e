import { Type } from 'typebox';
import type { App } from '../../../../http/app-type.ts';
import { actorOf, projectRef } from '../../../../http/auth.ts';
import { DataEnvelope, errorResponses, V2_SECURITY } from '../../../../schemas/common.ts';
import type { Branding } from '../../branding.service.ts';
import { BrandingAnswer, BrandingPatchBody } from '../../schemas/branding.ts';

const Params = Type.Object({
  project_id: Type.String({ description: 'Public project ID', examples: ['prj_8Hq2LmZ0aB3xYc7D'] }),
});
const path = '/api/v2/projects/:project_id/branding';
const tags = ['V2 project configuration'];

/** `/api/v2/projects/{project_id}/branding`: how the project's store finder presents it (read and change). */
export function registerV2Branding(app: App, { branding }: { branding: Branding }): void {
  app.get<{ Params: { project_id: string } }>(
    path,
    {
      config: { auth: { api: 'v2', scope: 'project:read' } },
      schema: {
        tags,
        security: V2_SECURITY,
        operationId: 'getBranding',
        summary: "Read the store finder's branding",
        description:
          "The hosted finder's title and header use `display_name` (else the project's name) and `logo_url`; `brand_color` is its accent and the widget's default accent. " +
          "The design keys (`text_color` … `consent`, as the dashboard's widget designer saves them) are the defaults of the hosted finder, its pages and every widget of the project, and `default_unit` and `default_country` replace what the locations suggest. " +
          'The public `config` of the store finder carries them all (see docs/branding.md).',
        params: Params,
        response: { 200: DataEnvelope(BrandingAnswer), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => ({ data: await branding.get(projectRef(request, request.params.project_id)) }),
  );

  app.patch<{ Params: { project_id: string } }>(
    path,
    {
      config: { auth: { api: 'v2', scope: 'project:manage' } },
      schema: {
        tags,
        security: V2_SECURITY,
        operationId: 'updateBranding',
        summary: "Change the store finder's branding",
        description:
          'Partial update: omitted keys keep their values, null clears one. `logo_url` must be https (a logo over http would be refused by the pages that show it); colours are `#rrggbb`, saved in lower case; `default_country` is saved in upper case. ' +
          "A text colour and background (the widget's `#1b1f24` on `#ffffff` where null) under a contrast of 4.5:1 (WCAG AA) are refused (422). " +
          "A change moves the project's data version (the finder's answers and pages are revalidated) and is a `branding.updated` event of the change feed.",
        params: Params,
        body: BrandingPatchBody,
        response: { 200: DataEnvelope(BrandingAnswer), ...errorResponses(400, 401, 403, 404, 415, 422, 429) },
      },
    },
    async (request) => ({
      data: await branding.update({
        project: projectRef(request, request.params.project_id),
        input: request.body as BrandingPatchBody,
        actor: actorOf(request),
      }),
    }),
  );
}
