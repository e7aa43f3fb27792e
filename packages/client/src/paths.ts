/**
 * A concrete path from a path of the OpenAPI document, its `{name}` segments filled in and encoded; the template is
 * checked against the document's paths at compile time.
 * @example pathOf<V2Paths, '/api/v2/projects/{project_id}/locations'>('/api/v2/projects/{project_id}/locations', { project_id: 'prj_1' })
 */
export function pathOf<Paths, P extends keyof Paths & string>(
  template: P,
  parameters: Record<string, string | number> = {},
): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = parameters[name];
    if (value === undefined) throw new TypeError(`Missing path parameter ${name} for ${template}`);
    return encodeURIComponent(String(value));
  });
}
