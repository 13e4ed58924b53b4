/**
 * One query parameter of the in-app address, and a setter that replaces the history entry (for
 * tabs kept in the address). Built on useLocation so the first screen's router code stays small.
 */
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

export function useQueryParam(name: string): [string | null, (value: string | null) => void] {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const value = new URLSearchParams(search).get(name);
  const set = useCallback(
    (next: string | null) => {
      const query = new URLSearchParams(search);
      if (next === null) query.delete(name);
      else query.set(name, next);
      const text = query.toString();
      navigate(`${pathname}${text ? `?${text}` : ''}`, { replace: true });
    },
    [name, navigate, pathname, search],
  );
  return [value, set];
}
