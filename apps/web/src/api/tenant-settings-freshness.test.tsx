/**
 * What the finance office sets in the console reaches a phone that is already open on its next
 * screen: the cached copy is shown at once and asked for again as a screen opens and as the phone
 * comes back to the foreground; screens opening together share one request.
 */
import { focusManager, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const requestData = vi.fn();
vi.mock('../lib/api-client', () => ({ requestData }));

const { systemParamsQueryOptions } = await import('./get-system-params');
const { mobileModulesQueryOptions } = await import('./get-mobile-modules');
const { queryClient: appClient } = await import('../lib/query-client');

let studentNo = '1';

function StudentNoField({ label }: { label: string }) {
  const params = useQuery(systemParamsQueryOptions('100001'));
  return <p>{`${label}:${params.data?.bind_studentNo ?? 'none'}`}</p>;
}

/** A client with the app's own defaults (1 minute fresh, no refetch on focus), which these queries override. */
const appLikeClient = () => new QueryClient({ defaultOptions: appClient.getDefaultOptions() });

const screenOf = (client: QueryClient, labels: string[]) => (
  <QueryClientProvider client={client}>
    {labels.map((label) => (
      <StudentNoField key={label} label={label} />
    ))}
  </QueryClientProvider>
);

beforeEach(() => {
  vi.clearAllMocks();
  studentNo = '1';
  requestData.mockImplementation(async () => [{ paramKey: 'bind_studentNo', paramValue: studentNo }]);
});
afterEach(() => focusManager.setFocused(undefined));

describe("the tenant's params and modules on an open phone", () => {
  it('are stale at once and asked for again on mount and on focus', () => {
    for (const options of [systemParamsQueryOptions('100001'), mobileModulesQueryOptions('100001')]) {
      expect(options).toMatchObject({ staleTime: 0, refetchOnMount: true, refetchOnWindowFocus: true });
    }
  });

  it('the next screen shows the cached value, then the changed one', async () => {
    const client = appLikeClient();
    const first = render(screenOf(client, ['bind']));
    expect(await screen.findByText('bind:1')).toBeTruthy();
    first.unmount();

    studentNo = '0'; // the finance office changes it in the console
    render(screenOf(client, ['bind']));
    expect(screen.getByText('bind:1')).toBeTruthy(); // the copy at hand, no blank screen
    expect(await screen.findByText('bind:0')).toBeTruthy();
    expect(requestData).toHaveBeenCalledTimes(2);
  });

  it('a phone coming back to the foreground asks again', async () => {
    render(screenOf(appLikeClient(), ['bind']));
    expect(await screen.findByText('bind:1')).toBeTruthy();
    studentNo = '0';
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    expect(await screen.findByText('bind:0')).toBeTruthy();
  });

  it('screens opening together share one request', async () => {
    render(screenOf(appLikeClient(), ['tabs', 'bind']));
    expect(await screen.findByText('bind:1')).toBeTruthy();
    expect(screen.getByText('tabs:1')).toBeTruthy();
    await waitFor(() => expect(requestData).toHaveBeenCalledTimes(1));
  });
});
