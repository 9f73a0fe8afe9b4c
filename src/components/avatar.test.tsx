import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Avatar } from './avatar.tsx';

const image = () => screen.getByRole('img', { name: /Sindre Haugland/ });

describe('Avatar', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('swaps to the white variant after 500 ms of hover, and back when the pointer leaves', () => {
    render(<Avatar />);
    expect(image()).toHaveAttribute('src', '/img/avatar.svg');
    fireEvent.mouseEnter(image());
    act(() => vi.advanceTimersByTime(499));
    expect(image()).toHaveAttribute('src', '/img/avatar.svg');
    act(() => vi.advanceTimersByTime(1));
    expect(image()).toHaveAttribute('src', '/img/avatar-white.svg');
    fireEvent.mouseLeave(image());
    expect(image()).toHaveAttribute('src', '/img/avatar.svg');
  });

  it('does not swap when the pointer leaves before 500 ms', () => {
    render(<Avatar />);
    fireEvent.mouseEnter(image());
    act(() => vi.advanceTimersByTime(300));
    fireEvent.mouseLeave(image());
    act(() => vi.advanceTimersByTime(1000));
    expect(image()).toHaveAttribute('src', '/img/avatar.svg');
  });

  it('restarts the 500 ms wait on each new hover', () => {
    render(<Avatar />);
    fireEvent.mouseEnter(image());
    act(() => vi.advanceTimersByTime(400));
    fireEvent.mouseLeave(image());
    fireEvent.mouseEnter(image());
    act(() => vi.advanceTimersByTime(400));
    expect(image()).toHaveAttribute('src', '/img/avatar.svg');
    act(() => vi.advanceTimersByTime(100));
    expect(image()).toHaveAttribute('src', '/img/avatar-white.svg');
  });

  it('names the owner in its alt text and reserves its size', () => {
    render(<Avatar />);
    expect(image()).toHaveAttribute('alt', expect.stringContaining('Sindre Haugland'));
    expect(image()).toHaveAttribute('width', '400');
    expect(image()).toHaveAttribute('height', '400');
  });
});
