import { useState } from 'react';
import { useInRouterContext, useLocation } from 'react-router';
import type { Query } from '../../platform/http.ts';
import { fromSearchParams, toSearchParams } from './searchParams.ts';
import type { SearchField } from './types.ts';

const useSearch = () => useLocation().search;
const noSearch = () => '';

/** The filter a list opens with, read once from its address (the tab of another filter is another page). */
export function useUrlFilters(fields: SearchField[] | undefined): { values: Record<string, unknown>; filters: Query } {
  const search = (useInRouterContext() ? useSearch : noSearch)();
  const [initial] = useState(() => {
    if (!fields?.length || !search) return { values: {}, filters: {} };
    const values = fromSearchParams(fields, new URLSearchParams(search));
    return { values, filters: toSearchParams(fields, values) };
  });
  return initial;
}
