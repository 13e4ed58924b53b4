/**
 * Loads antd-mobile's imperative components with the React 19 render hook in place (see
 * antd-imperative.ts). Screens that need a confirm dialog: `const Dialog = await loadDialog()`.
 */
type ToastApi = (typeof import('antd-mobile/es/components/toast'))['default'];
type DialogApi = (typeof import('antd-mobile/es/components/dialog'))['default'];

export async function loadToast(): Promise<ToastApi> {
  const [toast] = await Promise.all([import('antd-mobile/es/components/toast'), import('./antd-imperative')]);
  return toast.default;
}

export async function loadDialog(): Promise<DialogApi> {
  const [dialog] = await Promise.all([
    import('antd-mobile/es/components/dialog'),
    import('./antd-imperative'),
  ]);
  return dialog.default;
}
