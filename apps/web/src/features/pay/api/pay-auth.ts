/**
 * A pay link (payAuthToken) lets someone other than the order's creator open its cashier. The
 * guard keeps it in the address and sends every route to /pay; the cashier calls carry it in the
 * Pay-Auth-Token header (not the address), signed in or not.
 */
export const payAuthHeaders = (payAuthToken: string | undefined): Record<string, string> =>
  payAuthToken ? { 'Pay-Auth-Token': payAuthToken } : {};
