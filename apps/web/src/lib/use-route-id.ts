/**
 * The `:id` of the routes that end with it (/order/detail/:id, /fee/other/.../:id). Read from the
 * path directly: the same as useParams for these routes, without its code on the first screen.
 */
import { useLocation } from 'react-router';

export const lastSegment = (pathname: string): string => {
  const last = pathname.split('/').filter(Boolean).pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
};

export const useRouteId = (): string => lastSegment(useLocation().pathname);
