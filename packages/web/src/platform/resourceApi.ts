import type { Page, ResourceDecl } from '@sbwq/contracts';
import type { z } from 'zod';
import { http, type Query } from './http.ts';

/** A body that names no id of its own gets the record's id on edit; one that does (a tenant's number) keeps its type. */
type WithId<B> = 'id' extends keyof B ? B : B & { id?: string };

/**
 * What a resource's form sends: the add body, and on edit the record's id as well (the edit schema,
 * which the server applies, requires it).
 */
export type ResourceBody<D> = D extends ResourceDecl<unknown, infer Add, z.ZodType> ? WithId<z.input<Add>> : never;

/** The record a resource's list and queryById answer. */
export type ResourceRecord<D> = D extends ResourceDecl<infer Rec, z.ZodType, z.ZodType> ? Rec : never;

/**
 * The typed calls of a resource declared in contracts, built from the same declaration the server
 * builds its routes from: request bodies are what the contract's schemas accept, answers carry the
 * declared record. Only the routes the declaration lists are there; it fits `ListDefinition.api`.
 */
export function resourceApi<Rec extends { id: string | number }, Add extends z.ZodType, Edit extends z.ZodType>(decl: ResourceDecl<Rec, Add, Edit>) {
  const base = decl.basePath;
  const has = (route: ResourceDecl['routes'][number]) => decl.routes.includes(route);
  return {
    list: (params: Query, signal?: AbortSignal) => http.get<Page<Rec>>(`${base}/list`, params, { signal }),
    queryById: (id: string) => http.get<Rec>(`${base}/queryById`, { id }),
    add: has('add') ? (body: WithId<z.input<Add>>) => http.post<unknown>(`${base}/add`, body) : undefined,
    edit: has('edit') ? (body: WithId<z.input<Add>>) => http.put<unknown>(`${base}/edit`, body) : undefined,
    remove: has('delete') ? (record: Pick<Rec, 'id'>) => http.delete<unknown>(`${base}/delete`, { id: record.id }) : undefined,
    removeBatch: has('deleteBatch') ? (ids: string[]) => http.delete<unknown>(`${base}/deleteBatch`, { ids: ids.join(',') }) : undefined,
    exportUrl: has('exportXls') ? `${base}/exportXls` : undefined,
    exportSelections: has('exportXls'),
    importUrl: has('importExcel') ? `${base}/importExcel` : undefined,
    importTemplateUrl: has('importExcel') && decl.importTemplate ? `${base}/importTemplate` : undefined,
  };
}
