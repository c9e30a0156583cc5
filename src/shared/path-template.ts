/** Paths with `:name` segments: the API's endpoint paths and the renderer's routes share one way to fill them. */

/** Fills each `:name` segment from `values`, URI-encoded; returns the path and the names it used. */
export function fillTemplate(template: string, values: Readonly<Record<string, unknown>>): { path: string; used: string[] } {
  const used: string[] = [];
  const path = template.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '') throw new Error(`path parameter ${name} is missing for ${template}`);
    used.push(name);
    return encodeURIComponent(String(value));
  });
  return { path, used };
}
