import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { ErrorPage } from '#web/components/layout/error-page.tsx';

describe('ErrorPage', () => {
  it("the 404 heading reads the spec's sentence once", () => {
    render(
      <MemoryRouter>
        <ErrorPage kind="not-found" />
      </MemoryRouter>,
    );
    const heading = screen.getByRole('heading', { level: 1 });
    // The accessible name is what a screen reader announces: the sentence, once.
    expect(heading.textContent).toBe(messages.notFound);
    expect(screen.getByRole('heading', { name: messages.notFound })).toBe(heading);
  });
});
