import { Fragment, type ComponentType, type ReactNode } from 'react';

/** What puts antd's configuration (locale, theme, dialog defaults) around the part of a page that uses antd. */
export type Scope = ComponentType<{ children: ReactNode }>;

type Module<P> = { default: ComponentType<P> };

let loadScope: () => Promise<{ default: Scope }> = () => Promise.resolve({ default: Fragment });

/**
 * The shell says where antd's configuration comes from (its module, with the theme and the locale).
 * A module may not import the shell, and the signed-out pages do not load antd's configuration unless
 * they show antd: a screen asks for it through `withAntd` and the shell's module loads with the screen.
 */
export function provideAntdScope(load: () => Promise<{ default: Scope }>): void {
  loadScope = load;
}

let warming: Promise<unknown> | null = null;

/**
 * Starts loading antd's configuration before a screen asks for it: the login page does once its form
 * is being filled in, so that the signed-in shell does not wait for it after 登录.
 */
export function warmAntd(): void {
  warming ??= loadScope().catch(() => undefined);
}

/**
 * A lazily loaded component that shows antd, under antd's configuration: its code and the scope's load
 * together (neither waits for the other), and the component is rendered inside the scope.
 */
export function withAntd<P extends object>(load: () => Promise<Module<P>>): () => Promise<Module<P>> {
  return () =>
    Promise.all([load(), loadScope()]).then(([{ default: Inner }, { default: AntdScope }]) => ({
      default: function Scoped(props: P) {
        return (
          <AntdScope>
            <Inner {...props} />
          </AntdScope>
        );
      },
    }));
}
