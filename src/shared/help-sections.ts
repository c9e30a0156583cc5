/**
 * The help PDFs carry one named destination per screen route (a heading of the help source marked `{#<route>}`), so
 * the help dialog opens at the section of the screen the user is on. The route pattern names it.
 */
export function helpDestination(route: string): string {
  return `screen${route.replace(/[^A-Za-z0-9]+/g, '-')}`.replace(/-$/, '');
}
