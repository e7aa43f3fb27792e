import type { App } from '../../../../http/app-type.ts';
import { projectRef } from '../../../../http/auth.ts';
import { errorResponses, ProjectParams, V2_SECURITY } from '../../../../schemas/common.ts';
import type { Analytics } from '../../analytics.service.ts';
import { reportCsvOf } from '../../presenters/report-csv.ts';
import { ANALYTICS_TAG, AnalyticsAnswer, AnalyticsReportQuery } from '../../schemas/analytics.ts';

export function registerV2AnalyticsGet(app: App, { analytics }: { analytics: Analytics }): void {
  app.get(
    '/api/v2/projects/:project_id/analytics',
    {
      config: { auth: { api: 'v2', scope: 'project:read' } },
      schema: {
        tags: [ANALYTICS_TAG],
        operationId: 'getAnalytics',
        summary: 'Read the store finder’s counts of a period',
        description: [
          'What the project’s store finder was asked and what visitors did, per UTC day from `from` to `to` (both included; default the last 30 days, at most 400 days): totals, every day, the places searched from (a place seen fewer than 5 times in the period is counted only in `other`), the filters and location types asked for, and visitors’ actions per location.',
          'Counts reach the report within `ANALYTICS_FLUSH_SECONDS` (10 by default) of the search. Nothing in them identifies a visitor: see docs/privacy.md.',
          '`format=csv` answers the same report as a CSV file (UTF-8, CRLF) in one long table with the columns `section,key,name,metric,value`: `section` is `totals`, `kinds`, `daily` (key: the date), `places` (key: the place; metrics `searches`, `zero_result`, `zero_result_share`, `lat`, `lng`), `filters` (key: `filter` or `type`, name: its name) or `locations` (key: the location ID, name: its name); one row per count.',
        ].join('\n\n'),
        security: V2_SECURITY,
        params: ProjectParams,
        querystring: AnalyticsReportQuery,
        response: {
          200: {
            description: 'The report',
            content: {
              'application/json': { schema: AnalyticsAnswer },
              'text/csv': { schema: { type: 'string', description: 'The report as a CSV file' } },
            },
          },
          ...errorResponses(401, 403, 404, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const report = await analytics.report(projectRef(request, request.params.project_id), request.query);
      if (request.query.format !== 'csv') return { data: report };
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="analytics-${request.params.project_id}-${report.from}-${report.to}.csv"`,
        )
        .send(reportCsvOf(report));
    },
  );
}
