import { matchPath } from 'react-router-dom';
import { helpDestination } from '../../../shared/help-sections';
import { Route } from '../../../shared/routes';

/**
 * The help PDF's address at the section of the screen at `pathname` (the PDF's named destination for that screen's
 * route, scripts/build-help.ts); the start of the PDF where no screen route matches.
 */
export function helpUrlAt(pdfUrl: string, pathname: string): string {
  const route = Object.values(Route).find((pattern) => pattern !== Route.root && matchPath(pattern, pathname) !== null);
  return route ? `${pdfUrl}#nameddest=${helpDestination(route)}` : pdfUrl;
}
