import { type ComponentType, lazy } from 'react';

/** A lazily loaded screen that can also be loaded ahead of its first render. */
export type LazyScreen = ComponentType & { preload(): Promise<unknown> };

/**
 * React.lazy, plus `preload()`: once the module is in, the screen renders at once rather than
 * suspending for a tick. A page the server rendered is hydrated only after its screen's chunk
 * is in (web/main.tsx), so React never meets a screen still loading inside server markup.
 */
export function lazyScreen(load: () => Promise<ComponentType>): LazyScreen {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () => {
    loading ??= load().then((component) => {
      loaded = component;
      return component;
    });
    return loading;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Screen() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return Object.assign(Screen, { preload });
}
