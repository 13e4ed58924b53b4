import { act, render, screen } from '@testing-library/react';
import { Suspense, useEffect, type ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyScreen } from './lazy-screen';

const Page = () => <p>fees</p>;
const module = { default: Page as ComponentType };

function show(Screen: ComponentType) {
  return render(
    <Suspense fallback={<p>spinner</p>}>
      <Screen />
    </Suspense>,
  );
}

describe('lazy screens', () => {
  it('render at once, never through the spinner, once preloaded', async () => {
    const load = vi.fn(() => Promise.resolve(module));
    const Screen = lazyScreen(load);
    await Screen.preload();
    show(Screen);
    // Synchronously on the first render: no fallback committed, so React holds nothing back.
    expect(screen.getByText('fees')).toBeTruthy();
    expect(screen.queryByText('spinner')).toBeNull();
    await Screen.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('show the spinner, then the screen, when not loaded yet', async () => {
    let arrive: (m: typeof module) => void = () => undefined;
    const Screen = lazyScreen(() => new Promise((resolve) => (arrive = resolve)));
    show(Screen);
    expect(screen.getByText('spinner')).toBeTruthy();
    await act(async () => arrive(module));
    expect(await screen.findByText('fees')).toBeTruthy();
  });

  it('keep a mounted screen when its chunk arrives through a preload meanwhile', async () => {
    let arrive: (m: typeof module) => void = () => undefined;
    let mounts = 0;
    const Counted = () => {
      useEffect(() => {
        mounts += 1;
      }, []);
      return <p>fees</p>;
    };
    const Screen = lazyScreen(() => new Promise((resolve) => (arrive = resolve)));
    const view = show(Screen);
    const preloaded = Screen.preload();
    await act(async () => arrive({ default: Counted }));
    await preloaded;
    view.rerender(
      <Suspense fallback={<p>spinner</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByText('fees')).toBeTruthy();
    // Mounted once: the instance that went through React.lazy stays on it.
    expect(mounts).toBe(1);
  });
});
