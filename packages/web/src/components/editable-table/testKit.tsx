import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createRef } from 'react';
import { EditableTable, type EditableTableProps } from './EditableTable.tsx';
import type { EditableTableHandle } from './types.ts';

/** Renders a table the way a screen does (a query client for dictionaries) and hands back its handle. */
export function showTable(props: Omit<EditableTableProps, 'ref'>) {
  const ref = createRef<EditableTableHandle>();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <EditableTable {...props} ref={ref} />
    </QueryClientProvider>,
  );
  return { ...view, handle: () => ref.current as EditableTableHandle };
}

/** The body rows drawn (not the header or statistics rows). */
export const bodyRows = () => within(screen.getByRole('rowgroup')).getAllByRole('row');

export const rowOf = (id: string) => document.querySelector(`[data-row-id="${id}"]`) as HTMLElement;

export const cellOf = (id: string, key: string) => rowOf(id).querySelector(`[data-key="${key}"]`) as HTMLElement;
