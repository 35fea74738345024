/** A page's search params, read from its address through the route table (decision 064). */
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { readSearch, type ReadSearch, type RouteName } from './routes.ts';

export function useRouteSearch<N extends RouteName>(name: N): ReadSearch<N> {
  const [params] = useSearchParams();
  return useMemo(() => readSearch(name, params), [name, params]);
}
