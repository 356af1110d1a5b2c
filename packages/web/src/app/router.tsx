import { HOME_PATH, LOGIN_PATH } from '@sbwq/contracts';
import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { withAntd } from '../platform/antdScope.tsx';
import { lazyScreen } from './lazyScreen.tsx';
import { PageLoading } from './PageLoading.tsx';
import { RootRoute } from './RootRoute.tsx';
import { RouteError } from './RouteError.tsx';
import { accessMiddleware, APP_ROUTE_ID, discoverMenuRoutes } from './routes/access.ts';
import type { RouteHandle } from './routes/menuRoutes.ts';
import { staticScreens } from './routes/staticScreens.ts';

// Each layout and screen is its own chunk: the login page must not pay for the signed-in shell. The login
// page and its layout show no antd; the others load antd's configuration (theme, locale) with their code.
const UserLayout = lazyScreen(() => import('./shell/UserLayout.tsx').then((m) => ({ default: m.UserLayout })));
const BasicLayout = lazyScreen(withAntd(() => import('./shell/BasicLayout.tsx').then((m) => ({ default: m.BasicLayout }))));
const Login = lazyScreen(() => import('../modules/user/login/Login.tsx').then((m) => ({ default: m.Login })));
const Register = lazyScreen(withAntd(() => import('../modules/user/register/Register.tsx').then((m) => ({ default: m.Register }))));
const RegisterResult = lazyScreen(withAntd(() => import('../modules/user/register/RegisterResult.tsx').then((m) => ({ default: m.RegisterResult }))));
const Alteration = lazyScreen(withAntd(() => import('../modules/user/alteration/Alteration.tsx').then((m) => ({ default: m.Alteration }))));
const NotFound = lazyScreen(withAntd(() => import('../modules/exception/NotFound.tsx').then((m) => ({ default: m.NotFound }))));

const title = (text: string): RouteHandle => ({ title: text });

/** A page of the main layout at a fixed path, with its breadcrumb trail. */
const page = (path: string, text: string, Screen: ComponentType, extra: Partial<RouteHandle> = {}) => ({
  path,
  element: <Screen />,
  handle: { title: text, crumbs: [{ title: text, path }], ...extra } satisfies RouteHandle,
});

const { Exception403, Exception404, Exception500, ResultSuccess, ResultFail, TestHome, BatchDetail } = staticScreens;

/**
 * The static routes of spec §2 "Route table"; the menu's routes are patched under `/` on navigation.
 * `/test/home`, the exception and the result pages are pages of the main layout at fixed paths (the
 * menu may name the same screens).
 */
export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    middleware: [accessMiddleware],
    element: <RootRoute />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        path: '/user',
        element: <UserLayout />,
        children: [
          { index: true, loader: () => redirect(LOGIN_PATH) },
          { path: 'login', element: <Login />, handle: title('登录') },
          { path: 'register', element: <Register />, handle: title('注册') },
          { path: 'register-result', element: <RegisterResult />, handle: title('注册结果') },
          { path: 'alteration', element: <Alteration />, handle: title('找回密码') },
        ],
      },
      { path: '/404', element: <NotFound />, handle: title('404') },
      {
        id: APP_ROUTE_ID,
        path: '/',
        element: <BasicLayout />,
        handle: title('首页'),
        children: [
          { index: true, loader: () => redirect(HOME_PATH) },
          { path: '/test', loader: () => redirect('/test/home') },
          page('/test/home', '测试主页', TestHome, { keepAlive: true }),
          page('/exception/403', '403', Exception403),
          page('/exception/404', '404', Exception404),
          page('/exception/500', '500', Exception500),
          page('/result/success', '成功', ResultSuccess),
          page('/result/fail', '失败', ResultFail),
          // a batch's page, linked from its list and from decision notices; the server scopes what it shows
          page('/rights/batch/detail/:id', '线索批次详情', BatchDetail, {
            crumbs: [
              { title: '线索批次', path: '/rights/batch/list' },
              { title: '批次详情', path: '/rights/batch/detail' },
            ],
          }),
        ],
      },
      { path: '*', loader: () => redirect('/404') },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes, { patchRoutesOnNavigation: discoverMenuRoutes });
}
