import { act, fireEvent, render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, loadChunk } from '../lib/lazy-chunk';
import { ScreenBoundary } from './screen-boundary';

describe('screen boundary', () => {
  it('a chunk that fails to load shows a clear message with a reload action', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = lazy(() =>
      // Failing twice (loadChunk asks once more, here without the pause).
      loadChunk<{ default: () => null }>(
        () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
        undefined,
        0,
      ),
    );
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    await act(async () => {
      render(
        <ScreenBoundary>
          <Broken />
        </ScreenBoundary>,
      );
    });
    const alert = await screen.findByTestId('chunk-error');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain('页面加载失败');
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(reload).toHaveBeenCalled();
    vi.unstubAllGlobals();
    expect(new ChunkLoadError('x').name).toBe('ChunkLoadError');
  });
});
