import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AGE_STORAGE_KEY, AgeGate } from './age-gate.tsx';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
});
afterEach(() => vi.useRealTimers());

const renderGate = () => render(<AgeGate>{<p>The store</p>}</AgeGate>);

describe('AgeGate', () => {
  it('shows the splash for one second, then the question', () => {
    renderGate();
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(999));
    expect(screen.queryByText('ARE YOU OF LEGAL SMOKING AGE?')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('heading', { name: 'ARE YOU OF LEGAL SMOKING AGE?' })).toBeTruthy();
    expect(screen.queryByText('The store')).toBeNull();
  });

  it('Enter stores a timestamp and shows the store; it asks again one hour later', () => {
    renderGate();
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.click(screen.getByRole('button', { name: 'Enter' }));
    expect(screen.getByText('The store')).toBeTruthy();
    expect(Number(localStorage.getItem(AGE_STORAGE_KEY))).toBe(Date.now());
    act(() => vi.advanceTimersByTime(3_600_000 - 1));
    expect(screen.getByText('The store')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('heading', { name: 'ARE YOU OF LEGAL SMOKING AGE?' })).toBeTruthy();
  });

  it('lets a visitor confirmed 59 minutes ago straight in, without the splash', () => {
    localStorage.setItem(AGE_STORAGE_KEY, String(Date.now() - 59 * 60_000));
    renderGate();
    expect(screen.getByText('The store')).toBeTruthy();
  });

  it('asks again when the stored confirmation is older than an hour', () => {
    localStorage.setItem(AGE_STORAGE_KEY, String(Date.now() - 61 * 60_000));
    renderGate();
    expect(screen.queryByText('The store')).toBeNull();
  });

  it('Exit shows the sorry message and Go Back', () => {
    renderGate();
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.click(screen.getByRole('button', { name: 'Exit' }));
    expect(
      screen.getByRole('heading', { name: 'Sorry, you must be above 21 years old to proceed.' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy();
    expect(localStorage.getItem(AGE_STORAGE_KEY)).toBeNull();
  });
});
