import { matchPath } from 'react-router-dom';
import { ROUTES } from '../../../shared/contract/routes';

export function decodePathname(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

/** The screen title of the route table entry matching this path ('' when none does). */
export function routeTitleFor(pathname: string): string {
  const path = decodePathname(pathname);
  for (const route of ROUTES) {
    if (matchPath({ path: route.path, end: true }, path)) return route.title;
  }
  return '';
}
