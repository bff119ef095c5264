/**
 * Browser code, first in every app of `npm run dev` (before React Refresh's runtime and before
 * react-dom): the page gets a React DevTools hook that keeps the renderers injected into it, as the
 * DevTools extension's own does (with the extension installed, its hook is there already and this
 * does nothing). React Refresh's runtime needs it: the shell and each remote are separate webpack
 * runtimes, each with its own copy of React Refresh, and a remote's copy starts after react-dom
 * (shared, from the shell) has injected itself. React Refresh's own stand-in hook keeps no list, so
 * the remote's copy would never learn the renderer and its screens would never refresh
 * (pmmmwh/react-refresh-webpack-plugin#394); with the list, it finds it.
 */
interface DevToolsHook {
  renderers: Map<number, unknown>;
  supportsFiber: boolean;
  inject(renderer: unknown): number;
  onScheduleFiberRoot(): void;
  onCommitFiberRoot(): void;
  onCommitFiberUnmount(): void;
}

const page = globalThis as { __REACT_DEVTOOLS_GLOBAL_HOOK__?: DevToolsHook };

if (!page.__REACT_DEVTOOLS_GLOBAL_HOOK__) {
  const renderers = new Map<number, unknown>();
  page.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    renderers,
    supportsFiber: true,
    inject(renderer) {
      const id = renderers.size + 1;
      renderers.set(id, renderer);
      return id;
    },
    onScheduleFiberRoot() {},
    onCommitFiberRoot() {},
    onCommitFiberUnmount() {},
  };
}

export {};
