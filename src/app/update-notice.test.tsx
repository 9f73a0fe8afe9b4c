import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createUpdateFlow } from './app-update.ts';
import { UpdateNotice } from './update-notice.tsx';

describe('UpdateNotice', () => {
  it('is an empty polite live region while the build is current', () => {
    render(<UpdateNotice flow={createUpdateFlow(true)} />);
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();
  });

  it('says a new version is ready, without taking focus, and Reload is reached by Tab', async () => {
    const flow = createUpdateFlow(true);
    const onReload = vi.fn();
    render(
      <>
        <button type="button">Before</button>
        <UpdateNotice flow={flow} onReload={onReload} />
      </>,
    );
    const before = screen.getByRole('button', { name: 'Before' });
    before.focus();
    act(() => flow.waiting());
    expect(screen.getByRole('status')).toHaveTextContent('A new version is ready: Reload');
    expect(before).toHaveFocus();
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Reload' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it('takes Reload into the waiting build when none is given', async () => {
    const flow = createUpdateFlow(true);
    act(() => flow.waiting());
    render(<UpdateNotice flow={flow} />);
    // Outside a production build nothing is registered: Reload reloads the page itself.
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload' }));
    expect(flow.state()).toBe('reloading');
    expect(reload).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });
});
