/**
 * How the console tells of a failed call: the app shell installs antd's message (App.useApp) here, so
 * lib stays free of React context. Until then failures go nowhere (tests, the first instant of boot).
 */
let showError: (text: string) => void = () => {};

export function setErrorFeedback(show: (text: string) => void): void {
  showError = show;
}

export const toastError = (text: string): void => showError(text);
