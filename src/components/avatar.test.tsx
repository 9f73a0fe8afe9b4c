import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Avatar } from './avatar.tsx';

const image = () => screen.getByRole('img', { name: /Sindre Haugland/ });
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const expectPicture = (file: string) => expect(image()).toHaveAttribute('src', `/img/${file}`);

describe('Avatar', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('swaps to the white variant after 500 ms of hover, and back when the pointer leaves', () => {
    render(<Avatar />);
    expectPicture('avatar.svg');
    fireEvent.mouseEnter(image());
    wait(499);
    expectPicture('avatar.svg');
    wait(1);
    expectPicture('avatar-white.svg');
    fireEvent.mouseLeave(image());
    expectPicture('avatar.svg');
  });

  it('does not swap when the pointer leaves before 500 ms', () => {
    render(<Avatar />);
    fireEvent.mouseEnter(image());
    wait(300);
    fireEvent.mouseLeave(image());
    wait(1000);
    expectPicture('avatar.svg');
  });

  it('restarts the 500 ms wait on each new hover', () => {
    render(<Avatar />);
    fireEvent.mouseEnter(image());
    wait(400);
    fireEvent.mouseLeave(image());
    fireEvent.mouseEnter(image());
    wait(400);
    expectPicture('avatar.svg');
    wait(100);
    expectPicture('avatar-white.svg');
  });

  it('names the owner in its alt text and reserves its size', () => {
    render(<Avatar />);
    expect(image()).toHaveAttribute('alt', expect.stringContaining('Sindre Haugland'));
    expect(image()).toHaveAttribute('width', '400');
    expect(image()).toHaveAttribute('height', '400');
  });
});
