import type { MenuNode } from '@sbwq/contracts';
import { json, type TestApp } from './harness.ts';

/** A node of a menu tree, at any depth. */
export function findMenuNode(nodes: MenuNode[], id: string): MenuNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const below = findMenuNode(node.children ?? [], id);
    if (below) return below;
  }
  return undefined;
}

/** What getUserPermissionByToken answers the token's user (as the client sends it: in the query and the header). */
export async function userPermissions(t: TestApp, token: string): Promise<{ menu: MenuNode[]; auth: { action: string }[] }> {
  return json(await t.inject({ url: t.api(`/sys/permission/getUserPermissionByToken?token=${token}`), headers: { 'X-Access-Token': token } })).result;
}
