import { lazyScreen } from '../lazyScreen.tsx';

const Exception403 = lazyScreen(() => import('../../modules/exception/Exception403.tsx').then((m) => ({ default: m.Exception403 })));
const Exception404 = lazyScreen(() => import('../../modules/exception/Exception404.tsx').then((m) => ({ default: m.Exception404 })));
const Exception500 = lazyScreen(() => import('../../modules/exception/Exception500.tsx').then((m) => ({ default: m.Exception500 })));
const ResultSuccess = lazyScreen(() => import('../../modules/result/Success.tsx').then((m) => ({ default: m.Success })));
const ResultFail = lazyScreen(() => import('../../modules/result/Fail.tsx').then((m) => ({ default: m.Fail })));
const BatchDetail = lazyScreen(() => import('../../modules/rights/batch/BatchDetail.tsx').then((m) => ({ default: m.BatchDetail })));
const TestHome = lazyScreen(() => import('../test/TestHome.tsx').then((m) => ({ default: m.TestHome })));

/**
 * The screens the router also serves at fixed paths (spec §2 route table, view group "exceptions"),
 * apart from the screens table (`screens.ts`), which with its 70 chunks' preload lists is about 9 KB
 * gzip the login page does not load (issue 35).
 */
export const staticScreens = { Exception403, Exception404, Exception500, ResultSuccess, ResultFail, TestHome, BatchDetail };
