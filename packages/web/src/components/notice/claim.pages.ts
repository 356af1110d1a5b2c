import { ClaimRoute } from '@sbwq/contracts';

/** The web pages of 报销管理 and 付款管理 (menu rows `finance/ClaimList`, `finance/PaymentList`). */
export const CLAIM_LIST_PAGE = ClaimRoute.claimList;
export const PAYMENT_LIST_PAGE = ClaimRoute.paymentList;

/** A claim's page: the list with its detail open (`?id=`), which a claim notice's 去处理 links to. */
export const claimPage = (id: string) => `${CLAIM_LIST_PAGE}?id=${encodeURIComponent(id)}`;

/**
 * Whether a notice's openPage is one of the claim pages: the notices the server sends to the
 * organisation when a batch is closed (claim its money) or a claim is sent back for invoices.
 */
export function isClaimPage(openPage: string | null | undefined): boolean {
  if (!openPage) return false;
  const path = openPage.split(/[?#]/)[0]!.replace(/\/+$/, '');
  return path === CLAIM_LIST_PAGE || path === PAYMENT_LIST_PAGE;
}
