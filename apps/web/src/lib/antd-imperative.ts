/**
 * antd-mobile's imperative components (Toast, Dialog, Modal, showActionSheet) render outside the
 * React tree. With React 19 they need antd-mobile's render hook (its "v5-for-19" guide), or they
 * render nothing in production builds. This module sets the hook when it loads; load it through
 * `loadToast()` / `loadDialog()`, which also keep those components out of the first screen.
 */
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot, type Root } from 'react-dom/client';

unstableSetRender((node, container) => {
  const holder = container as Element & { _reactRoot?: Root };
  holder._reactRoot ??= createRoot(container);
  const root = holder._reactRoot;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
  };
});
